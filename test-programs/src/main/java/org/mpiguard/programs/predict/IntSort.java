package org.mpiguard.programs.predict;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Bucket sort of integer keys (the seed's IS, after NAS IS): each iteration agrees on the
 * bucket sizes (allReduce), exchanges counts (allToAll) and keys (allToAllv); a final check
 * passes each rank's largest key to the next with nonblocking calls. Deterministic message
 * passing: safe under every schedule and buffering. Expected: no predicted deadlock.
 */
public final class IntSort {
    static final int ITERATIONS = 10;
    static final int KEYS = 64;
    static final int MAX_KEY = 1 << 12;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] keys = new int[KEYS];
        int[] sorted = new int[KEYS * size];
        int received = 0;
        for (int it = 0; it < ITERATIONS; it++) {
            java.util.Random random = new java.util.Random(rank * 31L + it);
            int[] counts = new int[size];
            for (int i = 0; i < KEYS; i++) {
                keys[i] = random.nextInt(MAX_KEY);
                counts[keys[i] * size / MAX_KEY]++;
            }
            int[] totals = new int[size];
            MPI.COMM_WORLD.allReduce(counts, totals, size, MPI.INT, MPI.SUM); // PREDICT:is-allreduce
            int[] incoming = new int[size];
            MPI.COMM_WORLD.allToAll(counts, 1, MPI.INT, incoming, 1, MPI.INT); // PREDICT:is-alltoall
            int[] sendOffsets = new int[size];
            int[] recvOffsets = new int[size];
            for (int p = 1; p < size; p++) {
                sendOffsets[p] = sendOffsets[p - 1] + counts[p - 1];
                recvOffsets[p] = recvOffsets[p - 1] + incoming[p - 1];
            }
            int[] byBucket = new int[KEYS];
            int[] fill = sendOffsets.clone();
            for (int k : keys) {
                byBucket[fill[k * size / MAX_KEY]++] = k;
            }
            MPI.COMM_WORLD.allToAllv(byBucket, counts, sendOffsets, MPI.INT, // PREDICT:is-alltoallv
                    sorted, incoming, recvOffsets, MPI.INT);
            received = recvOffsets[size - 1] + incoming[size - 1];
        }
        java.util.Arrays.sort(sorted, 0, received);
        IntBuffer mine = MPI.newIntBuffer(1).put(0, received == 0 ? -1 : sorted[received - 1]);
        IntBuffer left = MPI.newIntBuffer(1);
        Request[] both = new Request[2];
        both[0] = MPI.COMM_WORLD.iSend(mine, 1, MPI.INT, (rank + 1) % size, 9); // PREDICT:is-isend
        both[1] = MPI.COMM_WORLD.iRecv(left, 1, MPI.INT, (rank + size - 1) % size, 9); // PREDICT:is-irecv
        Request.waitAll(both); // PREDICT:is-waitall
        boolean ordered = rank == 0 || received == 0 || left.get(0) <= sorted[0];
        System.out.println("rank " + rank + (ordered ? " sorted" : " NOT sorted"));
        MPI.Finalize();
    }
}
