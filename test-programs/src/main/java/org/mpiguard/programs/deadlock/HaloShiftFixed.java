package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/**
 * Correct twin of {@link HaloShift}: an MG-like smoother whose 2 MiB halo planes (far
 * beyond what the library sends eagerly) are exchanged with sendRecv, first upward and
 * then downward, with {@code MPI.PROC_NULL} beyond the end ranks. Rank 0 also owns the
 * coarse-grid solve every few steps, so the other ranks wait in sendRecv far longer than
 * a short deadlock timeout, each with a neighbour that waits too: some in calls that
 * match each other, some with one half of their sendRecv done and the other waiting for
 * a rank that is itself waiting. Every one of those waits completes once rank 0 sends.
 */
public final class HaloShiftFixed {
    private static final int PLANE = 512 * 512;
    private static final int STEPS = 12;
    private static final int COARSE_EVERY = 4;
    private static final long COARSE_SOLVE_MILLIS = 600;

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        Slab slab = new Slab(4, PLANE);
        for (int step = 0; step < STEPS; step++) {
            if (slab.rank == 0 && step % COARSE_EVERY == 0) {
                Thread.sleep(COARSE_SOLVE_MILLIS); // rank 0's coarse-grid solve
            }
            MPI.COMM_WORLD.sendRecv(slab.highest(), PLANE, MPI.DOUBLE, slab.above, 1,
                    slab.haloBelow, PLANE, MPI.DOUBLE, slab.below, 1);
            MPI.COMM_WORLD.sendRecv(slab.lowest(), PLANE, MPI.DOUBLE, slab.below, 2,
                    slab.haloAbove, PLANE, MPI.DOUBLE, slab.above, 2);
            slab.smooth();
        }
        slab.printChecksum(STEPS);
        MPI.Finalize();
    }
}
