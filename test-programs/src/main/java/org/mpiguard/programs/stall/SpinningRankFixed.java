package org.mpiguard.programs.stall;

import mpi.MPI;

/**
 * Twin of {@link SpinningRank}: rank 2's work ends in {@value #SPIN_MS} ms, well within the
 * stall timeout the test sets, so the others' wait in the barrier is ordinary.
 */
public final class SpinningRankFixed {
    static final long SPIN_MS = 1000;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        long result = rank == 2 ? SpinningRank.spin(SPIN_MS) : rank;
        MPI.COMM_WORLD.barrier();
        if (rank == 2) {
            System.out.println("spun to " + result);
        }
        MPI.Finalize();
    }
}
