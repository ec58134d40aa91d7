package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: the smoother of {@link HaloShiftFixed}, but each rank sends both of its 2 MiB
 * halo planes with standard-mode sends before it receives any. Messages that large wait
 * for their receivers, so each end rank and its neighbour wait in send for each other
 * (the sends to {@code MPI.PROC_NULL} beyond the ends return at once) and every rank
 * hangs in its first send to a real neighbour. Twin: {@link HaloShiftFixed}.
 */
public final class HaloShift {
    private static final int PLANE = 512 * 512;
    private static final int STEPS = 12;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Slab slab = new Slab(4, PLANE);
        for (int step = 0; step < STEPS; step++) {
            MPI.COMM_WORLD.send(slab.lowest(), PLANE, MPI.DOUBLE, slab.below, 2); // DEADLOCK-SITE
            MPI.COMM_WORLD.send(slab.highest(), PLANE, MPI.DOUBLE, slab.above, 1); // DEADLOCK-SITE
            MPI.COMM_WORLD.recv(slab.haloBelow, PLANE, MPI.DOUBLE, slab.below, 1);
            MPI.COMM_WORLD.recv(slab.haloAbove, PLANE, MPI.DOUBLE, slab.above, 2);
            slab.smooth();
        }
        slab.printChecksum(STEPS);
        MPI.Finalize();
    }
}
