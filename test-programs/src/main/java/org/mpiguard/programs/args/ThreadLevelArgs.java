package org.mpiguard.programs.args;

import mpi.MPI;
import mpi.MPIException;

/**
 * MPI called from a second thread at the level MPI.Init provides, MPI.THREAD_SINGLE. The
 * main thread waits for the worker, so Open MPI (which takes no lock at this level) is never
 * entered twice at once and the run is as without the checker; yet only the thread that
 * called Init may call MPI, and a program that lets two threads in at once crashes or loses
 * messages. The checker warns at each of the worker's calls, naming the Init; the clock and
 * the thread queries are any thread's.
 */
public class ThreadLevelArgs {

    public static void main(String[] args) throws Exception {
        MPI.Init(args); // INIT-SITE
        System.out.println("single " + (MPI.queryThread() == MPI.THREAD_SINGLE));
        int[] sum = new int[1];
        Thread worker = new Thread(() -> {
            try {
                int rank = MPI.COMM_WORLD.getRank(); // CHECK: env.thread-level Comm.getRank thread
                double start = MPI.wtime();
                boolean main = MPI.isThreadMain();
                MPI.COMM_WORLD.allReduce(new int[] {rank + 1}, sum, 1, MPI.INT, MPI.SUM); // CHECK: env.thread-level Comm.allReduce thread
                System.out.println("worker is main " + main + ", clock " + (MPI.wtime() >= start));
            } catch (MPIException e) {
                throw new IllegalStateException(e);
            }
        }, "worker");
        worker.start();
        worker.join();
        MPI.COMM_WORLD.barrier();
        System.out.println("sum " + sum[0]);
        MPI.Finalize();
    }
}
