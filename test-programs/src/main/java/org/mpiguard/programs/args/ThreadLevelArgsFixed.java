package org.mpiguard.programs.args;

import mpi.MPI;
import mpi.MPIException;

/**
 * The twin of {@link ThreadLevelArgs}: the program asks for MPI.THREAD_SERIALIZED, the level
 * at which any thread may call MPI as long as no two do at once, and the worker's calls are
 * the same. A thread that only computes beside the main thread's calls is any program's. Silent.
 */
public class ThreadLevelArgsFixed {

    public static void main(String[] args) throws Exception {
        int provided = MPI.InitThread(args, MPI.THREAD_SERIALIZED);
        System.out.println("serialized " + (provided == MPI.THREAD_SERIALIZED));
        long[] squares = new long[1];
        Thread computing = new Thread(() -> {
            for (long i = 0; i < 1_000_000; i++) {
                squares[0] += i * i;
            }
        }, "computing");
        computing.start();
        MPI.COMM_WORLD.barrier();
        computing.join();
        int[] sum = new int[1];
        Thread worker = new Thread(() -> {
            try {
                int rank = MPI.COMM_WORLD.getRank();
                MPI.COMM_WORLD.allReduce(new int[] {rank + 1}, sum, 1, MPI.INT, MPI.SUM);
            } catch (MPIException e) {
                throw new IllegalStateException(e);
            }
        }, "worker");
        worker.start();
        worker.join();
        MPI.COMM_WORLD.barrier();
        System.out.println("sum " + sum[0] + ", squares " + squares[0]);
        MPI.Finalize();
    }
}
