package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/**
 * Correct twin of {@link FastLoopOpMismatch}: the same tight loop of 300,000 allReduces,
 * every rank asking for SUM every time.
 */
public final class FastLoopOpMismatchFixed {
    static final int CALLS = 300_000;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] one = {1};
        int[] result = new int[1];
        long total = 0;
        for (int i = 0; i < CALLS; i++) {
            MPI.COMM_WORLD.allReduce(one, result, 1, MPI.INT, MPI.SUM);
            total += result[0];
        }
        if (rank == 0) {
            System.out.println("total: " + total);
        }
        MPI.Finalize();
    }
}
