package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link CountMismatch}: every rank reduces all 4 elements. */
public final class CountMismatchFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] mine = {rank, rank, rank, rank};
        int[] result = new int[4];
        MPI.COMM_WORLD.allReduce(mine, result, 4, MPI.INT, MPI.SUM);
        if (rank == 0) {
            System.out.println("sums: " + java.util.Arrays.toString(result));
        }
        MPI.Finalize();
    }
}
