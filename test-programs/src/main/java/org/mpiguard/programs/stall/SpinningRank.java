package org.mpiguard.programs.stall;

import mpi.MPI;

/**
 * A stall, no deadlock: rank 2 spins in a loop of its own for {@value #SPIN_MS} ms (a
 * convergence test that will not converge, say) while ranks 0 and 1 wait for it in a
 * barrier; then it joins them and all finish. Twin: {@link SpinningRankFixed}.
 */
public final class SpinningRank {
    static final long SPIN_MS = 9000;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        long result = rank == 2 ? spin(SPIN_MS) : rank;
        MPI.COMM_WORLD.barrier(); // WAIT-SITE
        if (rank == 2) {
            System.out.println("spun to " + result);
        }
        MPI.Finalize();
    }

    /** Busy for {@code millis} ms, outside MPI; the loop is one line so every sample names it. */
    static long spin(long millis) {
        long end = System.nanoTime() + millis * 1_000_000L;
        long acc = 1;
        while (System.nanoTime() < end) { acc = acc * 31 + 7; } // STALL-SITE
        return acc;
    }
}
