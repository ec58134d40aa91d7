package org.mpiguard.programs.lifecycle;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: rank 0's main thread calls MPI.Finalize while its worker thread is still inside a
 * blocking receive, at MPI.THREAD_MULTIPLE. MPI allows Finalize only once no other thread has
 * an MPI call pending. The message comes a second later, from rank 1, which waits two more
 * seconds before its own Finalize, so the receive completes before Open MPI tears down and
 * the run ends as intended (10 of 10 plain runs). Measured with rank 1 finalizing right after
 * its send: one plain run in six crashed inside the receive (SIGSEGV in {@code Comm.recv}).
 * Twin: {@link FinalizeBesideBlockedThreadFixed}.
 */
public final class FinalizeBesideBlockedThread {

    private static volatile boolean receiving;

    public static void main(String[] args) throws Exception {
        MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        int rank = MPI.COMM_WORLD.getRank();
        int[] message = new int[1];
        if (rank == 0) {
            Thread worker = new Thread(() -> {
                try {
                    receiving = true;
                    MPI.COMM_WORLD.recv(message, 1, MPI.INT, 1, 7); // BLOCKED-SITE
                } catch (MPIException e) {
                    throw new IllegalStateException(e);
                }
            }, "receiver");
            worker.start();
            while (!receiving) {
                Thread.onSpinWait();
            }
            Thread.sleep(200);
            MPI.Finalize(); // FINALIZE-SITE
            worker.join();
            System.out.println("received " + message[0]);
        } else {
            Thread.sleep(1000);
            MPI.COMM_WORLD.send(new int[] {42}, 1, MPI.INT, 0, 7);
            Thread.sleep(2000);
            MPI.Finalize();
        }
    }
}
