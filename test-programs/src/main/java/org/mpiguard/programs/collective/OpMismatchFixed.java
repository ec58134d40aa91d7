package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link OpMismatch}: every rank takes part in the reduce. */
public final class OpMismatchFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] partial = {rank + 1};
        int[] total = new int[1];
        MPI.COMM_WORLD.reduce(partial, total, 1, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("total: " + total[0]);
        }
        MPI.Finalize();
    }
}
