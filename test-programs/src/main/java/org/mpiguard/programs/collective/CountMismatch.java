package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: rank 0 reduces 4 elements with allReduce while the other ranks reduce only 2;
 * allReduce requires the same count on every rank. Twin: {@link CountMismatchFixed}.
 * Plain Open MPI 4.1.4 at 3 ranks aborts the job with MPI_ERR_TRUNCATE in MPI_Allreduce
 * (exit 15), naming no Java line.
 */
public final class CountMismatch {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] mine = {rank, rank, rank, rank};
        int[] result = new int[4];
        if (rank == 0) {
            MPI.COMM_WORLD.allReduce(mine, result, 4, MPI.INT, MPI.SUM); // MISMATCH-SITE
        } else {
            MPI.COMM_WORLD.allReduce(mine, result, 2, MPI.INT, MPI.SUM); // MISMATCH-SITE
        }
        if (rank == 0) {
            System.out.println("sums: " + java.util.Arrays.toString(result));
        }
        MPI.Finalize();
    }
}
