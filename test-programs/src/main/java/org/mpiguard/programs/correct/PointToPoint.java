package org.mpiguard.programs.correct;

import java.util.Arrays;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Correct: blocking point-to-point communication. A ring exchange with blocking
 * send/recv ordered by rank parity (even ranks send first, odd ranks receive first,
 * so no send ever waits on another send), {@code sendRecv}, {@code sendRecvReplace},
 * synchronous {@code sSend} of variable-length messages to rank 0, which uses
 * {@code probe} and {@code Status.getCount}/{@code getSource} to size and receive them.
 * Works for any size of at least 2; only rank 0 prints.
 */
public final class PointToPoint {
    private static final int TAG_RING = 1;
    private static final int TAG_SENDRECV = 2;
    private static final int TAG_REPLACE = 3;
    private static final int TAG_SSEND = 4;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;

        // 1. Ring with blocking send/recv, ordered by parity.
        int[] token = {rank * 10 + 1};
        int[] ringIn = new int[1];
        Status ringStatus;
        if (rank % 2 == 0) {
            MPI.COMM_WORLD.send(token, 1, MPI.INT, right, TAG_RING);
            ringStatus = MPI.COMM_WORLD.recv(ringIn, 1, MPI.INT, left, TAG_RING);
        } else {
            ringStatus = MPI.COMM_WORLD.recv(ringIn, 1, MPI.INT, left, TAG_RING);
            MPI.COMM_WORLD.send(token, 1, MPI.INT, right, TAG_RING);
        }
        int ringOk = ringStatus.getSource() == left
                && ringStatus.getCount(MPI.INT) == 1
                && ringIn[0] == left * 10 + 1 ? 1 : 0;

        // 2. sendRecv: send three values to the right, receive three from the left.
        int[] srOut = {rank, rank * rank, rank + 100};
        int[] srIn = new int[3];
        Status srStatus = MPI.COMM_WORLD.sendRecv(srOut, 3, MPI.INT, right, TAG_SENDRECV,
                srIn, 3, MPI.INT, left, TAG_SENDRECV);
        int srSum = srIn[0] + srIn[1] + srIn[2];
        int srOk = srStatus.getSource() == left && srStatus.getCount(MPI.INT) == 3
                && srSum == left + left * left + left + 100 ? 1 : 0;

        // 3. sendRecvReplace: shift a value to the left, so each rank ends with its right's.
        long[] replaceBuf = {1000L + rank};
        Status replaceStatus = MPI.COMM_WORLD.sendRecvReplace(replaceBuf, 1, MPI.LONG,
                left, TAG_REPLACE, right, TAG_REPLACE);
        int replaceOk = replaceStatus.getSource() == right
                && replaceBuf[0] == 1000L + right ? 1 : 0;

        // 4. sSend of rank+1 values from every non-zero rank to rank 0; rank 0 probes
        //    each message first to learn its length and sender.
        int[] probedLengths = new int[size];
        int[] probedSums = new int[size];
        if (rank == 0) {
            for (int i = 1; i < size; i++) {
                Status probed = MPI.COMM_WORLD.probe(MPI.ANY_SOURCE, TAG_SSEND);
                int source = probed.getSource();
                int count = probed.getCount(MPI.INT);
                int[] data = new int[count];
                Status got = MPI.COMM_WORLD.recv(data, count, MPI.INT, source, TAG_SSEND);
                probedLengths[source] = got.getCount(MPI.INT);
                probedSums[source] = Arrays.stream(data).sum();
            }
        } else {
            int[] data = new int[rank + 1];
            Arrays.fill(data, rank);
            MPI.COMM_WORLD.sSend(data, data.length, MPI.INT, 0, TAG_SSEND);
        }

        // Collect each rank's results on rank 0.
        int[] mine = {ringIn[0], srSum, (int) replaceBuf[0], ringOk + srOk + replaceOk};
        int[] all = new int[4 * size];
        MPI.COMM_WORLD.gather(mine, 4, MPI.INT, all, 4, MPI.INT, 0);

        if (rank == 0) {
            int[] ring = new int[size];
            int[] sendRecvSums = new int[size];
            int[] replaced = new int[size];
            int okCount = 0;
            for (int r = 0; r < size; r++) {
                ring[r] = all[4 * r];
                sendRecvSums[r] = all[4 * r + 1];
                replaced[r] = all[4 * r + 2];
                okCount += all[4 * r + 3];
            }
            System.out.println("ring received: " + Arrays.toString(ring));
            System.out.println("sendRecv sums: " + Arrays.toString(sendRecvSums));
            System.out.println("sendRecvReplace values: " + Arrays.toString(replaced));
            System.out.println("probed lengths: " + Arrays.toString(probedLengths));
            System.out.println("probed sums: " + Arrays.toString(probedSums));
            System.out.println("status checks passed: " + okCount + "/" + (3 * size));
        }
        MPI.Finalize();
    }
}
