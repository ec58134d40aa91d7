package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: a tight loop of 300,000 one-int allReduces, as fast as two ranks make them; at
 * call 250,000 the last rank asks for MAX where the other asks for SUM. The checker must
 * look at every call of a fast loop, not a sample of it. Twin: {@link FastLoopOpMismatchFixed}.
 * Plain Open MPI completes and prints a sum one short of the twin's.
 */
public final class FastLoopOpMismatch {
    static final int CALLS = 300_000;
    static final int ODD_CALL = 250_000;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] one = {1};
        int[] result = new int[1];
        long total = 0;
        for (int i = 0; i < CALLS; i++) {
            if (i == ODD_CALL && rank == size - 1) {
                MPI.COMM_WORLD.allReduce(one, result, 1, MPI.INT, MPI.MAX); // MISMATCH-SITE
            } else {
                MPI.COMM_WORLD.allReduce(one, result, 1, MPI.INT, MPI.SUM); // MISMATCH-SITE
            }
            total += result[0];
        }
        if (rank == 0) {
            System.out.println("total: " + total);
        }
        MPI.Finalize();
    }
}
