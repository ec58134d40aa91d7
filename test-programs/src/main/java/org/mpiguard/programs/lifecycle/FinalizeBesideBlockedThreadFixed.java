package org.mpiguard.programs.lifecycle;

import mpi.MPI;
import mpi.MPIException;

/**
 * The twin of {@link FinalizeBesideBlockedThread}: rank 0's main thread joins its worker, whose
 * receive is still blocked when the join starts, and only then calls MPI.Finalize. A thread
 * that made MPI calls and ended before Finalize is no concern of it. Silent.
 */
public final class FinalizeBesideBlockedThreadFixed {

    private static volatile boolean receiving;

    public static void main(String[] args) throws Exception {
        MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        int rank = MPI.COMM_WORLD.getRank();
        int[] message = new int[1];
        if (rank == 0) {
            Thread worker = new Thread(() -> {
                try {
                    receiving = true;
                    MPI.COMM_WORLD.recv(message, 1, MPI.INT, 1, 7);
                } catch (MPIException e) {
                    throw new IllegalStateException(e);
                }
            }, "receiver");
            worker.start();
            while (!receiving) {
                Thread.onSpinWait();
            }
            Thread.sleep(200);
            worker.join();
            MPI.Finalize();
            System.out.println("received " + message[0]);
        } else {
            Thread.sleep(1000);
            MPI.COMM_WORLD.send(new int[] {42}, 1, MPI.INT, 0, 7);
            Thread.sleep(2000);
            MPI.Finalize();
        }
    }
}
