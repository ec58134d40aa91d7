package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link RootMismatch}: every rank broadcasts from root 0, which owns the parameters. */
public final class RootMismatchFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] params = rank == 0 ? new int[] {42, 7} : new int[2];
        MPI.COMM_WORLD.bcast(params, 2, MPI.INT, 0);
        int[] sum = new int[1];
        MPI.COMM_WORLD.reduce(new int[] {params[0] + params[1]}, sum, 1, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("sum of parameters seen: " + sum[0]);
        }
        MPI.Finalize();
    }
}
