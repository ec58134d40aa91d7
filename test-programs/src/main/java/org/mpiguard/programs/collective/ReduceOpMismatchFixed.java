package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link ReduceOpMismatch}: every rank asks allReduce for SUM. */
public final class ReduceOpMismatchFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] mine = {rank + 1};
        int[] result = new int[1];
        MPI.COMM_WORLD.allReduce(mine, result, 1, MPI.INT, MPI.SUM);
        if (rank == 0) {
            System.out.println("sum: " + result[0]);
        }
        MPI.Finalize();
    }
}
