package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link ThreadedDeadlock}: rank 0's main thread sends the input before the barrier. */
public final class ThreadedDeadlockFixed {
    public static void main(String[] args) throws Exception {
        MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            int[] result = new int[1];
            Thread receiver = new Thread(() -> receiveResult(result), "result-receiver");
            receiver.start();
            MPI.COMM_WORLD.send(new int[] {20}, 1, MPI.INT, 1, 1);
            MPI.COMM_WORLD.barrier();
            receiver.join();
            System.out.println("result: " + result[0]);
        } else if (rank == 1) {
            int[] input = new int[1];
            MPI.COMM_WORLD.recv(input, 1, MPI.INT, 0, 1);
            MPI.COMM_WORLD.barrier();
            MPI.COMM_WORLD.send(new int[] {input[0] + 1}, 1, MPI.INT, 0, 2);
        } else {
            MPI.COMM_WORLD.barrier();
        }
        MPI.Finalize();
    }

    private static void receiveResult(int[] result) {
        try {
            MPI.COMM_WORLD.recv(result, 1, MPI.INT, 1, 2);
        } catch (MPIException e) {
            throw new IllegalStateException(e);
        }
    }
}
