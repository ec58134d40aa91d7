package org.mpiguard.bench.kernels;

import java.nio.IntBuffer;
import java.util.Arrays;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * After NAS IS: a parallel bucket sort of integer keys with NAS's key distribution (the
 * mean of four uniforms), repeated for ten iterations that each change two keys as NAS
 * does. Per iteration: bucket counts by allToAll, keys by allToAllv of direct buffers,
 * a local counting sort. Verified in full: every rank's keys are sorted, each rank's first key is no
 * smaller than its left neighbour's last (sendRecv), and no key was lost or invented
 * (count and sum by allReduce).
 */
final class Is implements Kernel {

    private static final int ITERATIONS = 10;

    @Override
    public String name() {
        return "is";
    }

    @Override
    public String summary() {
        return "NAS IS: bucket sort, allToAll + allToAllv, 10 iterations";
    }

    @Override
    public Outcome run(Intracomm world, Scale scale) throws MPIException {
        int rank = world.getRank();
        int size = world.getSize();
        int totalKeys = scale.pick(1 << 14, 1 << 22);
        int maxKey = scale.pick(1 << 10, 1 << 18);
        int first = (int) ((long) totalKeys * rank / size);
        int mine = (int) ((long) totalKeys * (rank + 1) / size) - first;

        int[] keys = new int[mine];
        double[] seed = {314159265.0 + rank};
        for (int i = 0; i < mine; i++) {
            double sum = 0;
            for (int j = 0; j < 4; j++) {
                sum += Ep.randlc(seed, 1220703125.0);
            }
            keys[i] = (int) (maxKey * sum / 4);
        }

        int[] sendCounts = new int[size];
        int[] sendDispls = new int[size];
        int[] recvCounts = new int[size];
        int[] recvDispls = new int[size];
        int[] bucketed = new int[mine];
        int[] received = new int[0];
        int[] sorted = new int[0];
        // Direct buffers for the key exchange: the bindings' staging of large arrays in
        // allToAllv corrupted the heap at 8 MiB per rank, direct buffers are not staged.
        IntBuffer sendKeys = MPI.newIntBuffer(Math.max(1, mine));
        IntBuffer recvKeys = MPI.newIntBuffer(1);
        int sortedLength = 0;
        int lowKey = (int) ((long) maxKey * rank / size);
        int highKey = (int) ((long) maxKey * (rank + 1) / size);
        int[] histogram = new int[highKey - lowKey];

        for (int iteration = 1; iteration <= ITERATIONS; iteration++) {
            if (rank == 0) {
                keys[iteration] = iteration;
                keys[iteration + ITERATIONS] = maxKey - iteration;
            }
            Arrays.fill(sendCounts, 0);
            for (int key : keys) {
                sendCounts[owner(key, maxKey, size)]++;
            }
            for (int r = 1; r < size; r++) {
                sendDispls[r] = sendDispls[r - 1] + sendCounts[r - 1];
            }
            int[] cursor = sendDispls.clone();
            for (int key : keys) {
                bucketed[cursor[owner(key, maxKey, size)]++] = key;
            }
            world.allToAll(sendCounts, 1, MPI.INT, recvCounts, 1, MPI.INT);
            int incoming = 0;
            for (int r = 0; r < size; r++) {
                recvDispls[r] = incoming;
                incoming += recvCounts[r];
            }
            if (received.length < incoming) {
                received = new int[incoming + incoming / 8];
                sorted = new int[received.length];
                recvKeys = MPI.newIntBuffer(received.length);
            }
            sendKeys.put(0, bucketed, 0, mine);
            world.allToAllv(sendKeys, sendCounts, sendDispls, MPI.INT, recvKeys, recvCounts, recvDispls, MPI.INT);
            recvKeys.get(0, received, 0, incoming);

            Arrays.fill(histogram, 0);
            for (int i = 0; i < incoming; i++) {
                histogram[received[i] - lowKey]++;
            }
            int at = 0;
            for (int k = 0; k < histogram.length; k++) {
                for (int c = histogram[k]; c > 0; c--) {
                    sorted[at++] = k + lowKey;
                }
            }
            sortedLength = incoming;
        }
        return verify(world, keys, sorted, sortedLength, totalKeys);
    }

    private static int owner(int key, int maxKey, int size) {
        return (int) (((long) key * size) / maxKey);
    }

    private static Outcome verify(Intracomm world, int[] keys, int[] sorted, int length, int totalKeys)
            throws MPIException {
        int rank = world.getRank();
        int size = world.getSize();
        boolean ok = true;
        for (int i = 1; i < length; i++) {
            ok &= sorted[i - 1] <= sorted[i];
        }
        // each rank learns its left neighbour's largest key; an empty rank passes its left's on
        int[] lastOfLeft = {Integer.MIN_VALUE};
        int[] myLast = {Integer.MIN_VALUE};
        for (int step = 0; step < size - 1; step++) {
            myLast[0] = length > 0 ? sorted[length - 1] : lastOfLeft[0];
            int right = rank + 1 < size ? rank + 1 : MPI.PROC_NULL;
            int left = rank > 0 ? rank - 1 : MPI.PROC_NULL;
            world.sendRecv(myLast, 1, MPI.INT, right, 7, lastOfLeft, 1, MPI.INT, left, 7);
            if (rank == 0) {
                lastOfLeft[0] = Integer.MIN_VALUE;
            }
        }
        if (length > 0) {
            ok &= lastOfLeft[0] <= sorted[0];
        }
        long[] totals = {length, 0, 0, 0};
        long weighted = 0;
        for (int i = 0; i < length; i++) {
            totals[1] += sorted[i];
            weighted = weighted * 31 + sorted[i];
        }
        for (int key : keys) {
            totals[2] += key;
        }
        totals[3] = weighted;
        world.allReduce(totals, 4, MPI.LONG, MPI.SUM);
        ok &= totals[0] == totalKeys && totals[1] == totals[2];
        String checksum = totals[0] + ":" + totals[1] + ":" + Long.toHexString(totals[3]);
        return new Outcome(checksum, ok, "keys=" + totals[0] + " of " + totalKeys + ", key sum " + totals[1]
                + " before and after, globally sorted=" + ok);
    }
}
