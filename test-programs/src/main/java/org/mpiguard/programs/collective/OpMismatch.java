package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: rank 0 sums the partial results with reduce while every other rank expects the
 * total to be broadcast, so the ranks call different collectives at the same point.
 * Twin: {@link OpMismatchFixed}.
 * Plain Open MPI 4.1.4 at 3 ranks hangs.
 */
public final class OpMismatch {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] partial = {rank + 1};
        int[] total = new int[1];
        if (rank == 0) {
            MPI.COMM_WORLD.reduce(partial, total, 1, MPI.INT, MPI.SUM, 0); // MISMATCH-SITE
            System.out.println("total: " + total[0]);
        } else {
            MPI.COMM_WORLD.bcast(total, 1, MPI.INT, 0); // MISMATCH-SITE
        }
        MPI.Finalize();
    }
}
