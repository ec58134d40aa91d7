package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: rank 0 forgets to send the work it owes and goes straight to Finalize, while
 * every other rank waits to receive from it. Twin: {@link RecvFromFinishedRankFixed}.
 */
public final class RecvFromFinishedRank {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        double[] work = new double[4];
        if (rank != 0) {
            MPI.COMM_WORLD.recv(work, work.length, MPI.DOUBLE, 0, 11); // DEADLOCK-SITE
        }
        MPI.Finalize(); // FINISHED-SITE
    }
}
