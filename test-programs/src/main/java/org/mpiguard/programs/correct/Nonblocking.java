package org.mpiguard.programs.correct;

import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;

import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;

/**
 * Correct: nonblocking point-to-point communication over direct buffers
 * ({@code MPI.newIntBuffer}, {@code MPI.newDoubleBuffer}). A two-way neighbour
 * exchange completed with {@code Request.waitAll}; a fan-in to rank 0 completed with
 * {@code Request.waitAny} on the root and {@code waitFor} on the senders; a pair of
 * requests completed by polling {@code Request.test}; and a persistent
 * {@code sendInit}/{@code recvInit} pair started and waited for three times, then freed.
 * Works for any size of at least 2; only rank 0 prints.
 */
public final class Nonblocking {
    private static final int TAG_TO_RIGHT = 10;
    private static final int TAG_TO_LEFT = 11;
    private static final int TAG_FAN_IN = 12;
    private static final int TAG_TEST = 13;
    private static final int TAG_PERSISTENT = 14;
    private static final int ROUNDS = 3;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;

        // 1. Exchange with both neighbours, completed with waitAll.
        IntBuffer toRight = MPI.newIntBuffer(2);
        IntBuffer toLeft = MPI.newIntBuffer(2);
        IntBuffer fromLeft = MPI.newIntBuffer(2);
        IntBuffer fromRight = MPI.newIntBuffer(2);
        toRight.put(0, rank).put(1, 100 + rank);
        toLeft.put(0, rank).put(1, 200 + rank);
        Request[] exchange = {
            MPI.COMM_WORLD.iRecv(fromLeft, 2, MPI.INT, left, TAG_TO_RIGHT),
            MPI.COMM_WORLD.iRecv(fromRight, 2, MPI.INT, right, TAG_TO_LEFT),
            MPI.COMM_WORLD.iSend(toRight, 2, MPI.INT, right, TAG_TO_RIGHT),
            MPI.COMM_WORLD.iSend(toLeft, 2, MPI.INT, left, TAG_TO_LEFT)
        };
        Request.waitAll(exchange);
        int exchangeSum = fromLeft.get(0) + fromLeft.get(1) + fromRight.get(0) + fromRight.get(1);

        // 2. Fan-in of doubles to rank 0: waitAny on the root, waitFor on the senders.
        double fanInSum = 0.0;
        int fanInCompleted = 0;
        if (rank == 0) {
            DoubleBuffer[] incoming = new DoubleBuffer[size - 1];
            Request[] fanIn = new Request[size - 1];
            for (int src = 1; src < size; src++) {
                incoming[src - 1] = MPI.newDoubleBuffer(2);
                fanIn[src - 1] = MPI.COMM_WORLD.iRecv(incoming[src - 1], 2, MPI.DOUBLE,
                        src, TAG_FAN_IN);
            }
            for (int i = 0; i < size - 1; i++) {
                int index = Request.waitAny(fanIn);
                fanInSum += incoming[index].get(0) + incoming[index].get(1);
                fanInCompleted++;
            }
        } else {
            DoubleBuffer outgoing = MPI.newDoubleBuffer(2);
            outgoing.put(0, rank * 0.5).put(1, rank * 2.0);
            Request sendReq = MPI.COMM_WORLD.iSend(outgoing, 2, MPI.DOUBLE, 0, TAG_FAN_IN);
            sendReq.waitFor();
        }

        // 3. Exchange with the right neighbour, completed by polling test().
        IntBuffer testOut = MPI.newIntBuffer(1);
        IntBuffer testIn = MPI.newIntBuffer(1);
        testOut.put(0, rank * rank);
        Request testRecv = MPI.COMM_WORLD.iRecv(testIn, 1, MPI.INT, left, TAG_TEST);
        Request testSend = MPI.COMM_WORLD.iSend(testOut, 1, MPI.INT, right, TAG_TEST);
        boolean recvDone = false;
        boolean sendDone = false;
        while (!recvDone || !sendDone) {
            if (!recvDone) {
                recvDone = testRecv.test();
            }
            if (!sendDone) {
                sendDone = testSend.test();
            }
        }
        int testValue = testIn.get(0);

        // 4. Persistent requests: ROUNDS rounds of ring shifts reusing the same requests.
        IntBuffer persistOut = MPI.newIntBuffer(1);
        IntBuffer persistIn = MPI.newIntBuffer(1);
        Prequest persistRecv = MPI.COMM_WORLD.recvInit(persistIn, 1, MPI.INT, left,
                TAG_PERSISTENT);
        Prequest persistSend = MPI.COMM_WORLD.sendInit(persistOut, 1, MPI.INT, right,
                TAG_PERSISTENT);
        int persistentSum = 0;
        for (int round = 0; round < ROUNDS; round++) {
            persistOut.put(0, rank * 100 + round);
            persistRecv.start();
            persistSend.start();
            persistRecv.waitFor();
            persistSend.waitFor();
            persistentSum += persistIn.get(0);
        }
        persistRecv.free();
        persistSend.free();

        // Collect per-rank results on rank 0.
        int[] mine = {exchangeSum, testValue, persistentSum};
        int[] all = new int[3 * size];
        MPI.COMM_WORLD.gather(mine, 3, MPI.INT, all, 3, MPI.INT, 0);

        if (rank == 0) {
            int[] exchangeSums = new int[size];
            int[] testValues = new int[size];
            int[] persistentSums = new int[size];
            for (int r = 0; r < size; r++) {
                exchangeSums[r] = all[3 * r];
                testValues[r] = all[3 * r + 1];
                persistentSums[r] = all[3 * r + 2];
            }
            System.out.println("waitAll exchange sums: " + Arrays.toString(exchangeSums));
            System.out.println("waitAny fan-in: " + fanInCompleted + " messages, sum "
                    + fanInSum);
            System.out.println("test-loop values: " + Arrays.toString(testValues));
            System.out.println("persistent sums over " + ROUNDS + " rounds: "
                    + Arrays.toString(persistentSums));
        }
        MPI.Finalize();
    }
}
