package org.mpiguard.programs.lifecycle;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link MissingFinalize}: every rank calls MPI.Finalize before it leaves. */
public final class MissingFinalizeFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int[] sum = new int[1];
        MPI.COMM_WORLD.allReduce(new int[] {MPI.COMM_WORLD.getRank()}, sum, 1, MPI.INT, MPI.SUM);
        if (MPI.COMM_WORLD.getRank() == 0) {
            System.out.println("sum of ranks: " + sum[0]);
        }
        MPI.Finalize();
    }
}
