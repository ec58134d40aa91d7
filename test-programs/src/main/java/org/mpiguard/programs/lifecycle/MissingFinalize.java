package org.mpiguard.programs.lifecycle;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: the ranks finish their work and return from main without MPI.Finalize, so
 * mpirun tears the job down with an error. Twin: {@link MissingFinalizeFixed}.
 */
public final class MissingFinalize {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int[] sum = new int[1];
        MPI.COMM_WORLD.allReduce(new int[] {MPI.COMM_WORLD.getRank()}, sum, 1, MPI.INT, MPI.SUM); // LAST-CALL
        if (MPI.COMM_WORLD.getRank() == 0) {
            System.out.println("sum of ranks: " + sum[0]);
        }
    }
}
