package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: the last rank believes rank 1 owns the parameters and broadcasts with root 1,
 * while every other rank uses root 0. Twin: {@link RootMismatchFixed}.
 * Plain Open MPI 4.1.4 at 3 ranks completes, by accident with the twin's output.
 */
public final class RootMismatch {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] params = rank == 0 ? new int[] {42, 7} : new int[2];
        if (rank == size - 1) {
            MPI.COMM_WORLD.bcast(params, 2, MPI.INT, 1); // MISMATCH-SITE
        } else {
            MPI.COMM_WORLD.bcast(params, 2, MPI.INT, 0); // MISMATCH-SITE
        }
        int[] sum = new int[1];
        MPI.COMM_WORLD.reduce(new int[] {params[0] + params[1]}, sum, 1, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("sum of parameters seen: " + sum[0]);
        }
        MPI.Finalize();
    }
}
