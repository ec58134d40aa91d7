package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: on rank 0 a worker thread named "result-receiver" waits for rank 1's result
 * while the main thread waits in a barrier before sending rank 1 its input; rank 1 waits
 * for that input first. Twin: {@link ThreadedDeadlockFixed}.
 */
public final class ThreadedDeadlock {
    public static void main(String[] args) throws Exception {
        MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            int[] result = new int[1];
            Thread receiver = new Thread(() -> receiveResult(result), "result-receiver");
            receiver.start();
            MPI.COMM_WORLD.barrier(); // DEADLOCK-SITE
            MPI.COMM_WORLD.send(new int[] {20}, 1, MPI.INT, 1, 1);
            receiver.join();
            System.out.println("result: " + result[0]);
        } else if (rank == 1) {
            int[] input = new int[1];
            MPI.COMM_WORLD.recv(input, 1, MPI.INT, 0, 1); // DEADLOCK-SITE
            MPI.COMM_WORLD.barrier();
            MPI.COMM_WORLD.send(new int[] {input[0] + 1}, 1, MPI.INT, 0, 2);
        } else {
            MPI.COMM_WORLD.barrier(); // DEADLOCK-SITE
        }
        MPI.Finalize();
    }

    private static void receiveResult(int[] result) {
        try {
            MPI.COMM_WORLD.recv(result, 1, MPI.INT, 1, 2); // DEADLOCK-SITE
        } catch (MPIException e) {
            throw new IllegalStateException(e);
        }
    }
}
