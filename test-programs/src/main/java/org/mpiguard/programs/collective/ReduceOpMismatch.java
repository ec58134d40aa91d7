package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: the last rank asks allReduce for MAX while every other rank asks for SUM, so the
 * reduction operations disagree. Twin: {@link ReduceOpMismatchFixed}.
 * Plain Open MPI 4.1.4 at 3 ranks completes; rank 0 happens to print the twin's sum.
 */
public final class ReduceOpMismatch {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] mine = {rank + 1};
        int[] result = new int[1];
        if (rank == size - 1) {
            MPI.COMM_WORLD.allReduce(mine, result, 1, MPI.INT, MPI.MAX); // MISMATCH-SITE
        } else {
            MPI.COMM_WORLD.allReduce(mine, result, 1, MPI.INT, MPI.SUM); // MISMATCH-SITE
        }
        if (rank == 0) {
            System.out.println("sum: " + result[0]);
        }
        MPI.Finalize();
    }
}
