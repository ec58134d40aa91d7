package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link OutOfPhase}: every rank takes every barrier, so all stay in phase. */
public final class OutOfPhaseFixed {
    private static final int STEPS = 4;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        double[] energy = {0};
        for (int step = 0; step < STEPS; step++) {
            MPI.COMM_WORLD.barrier();
            double[] local = {rank + step * 0.5};
            MPI.COMM_WORLD.allReduce(local, energy, 1, MPI.DOUBLE, MPI.SUM);
        }
        if (rank == 0) {
            System.out.println("energy after " + STEPS + " steps: " + energy[0]);
        }
        MPI.Finalize();
    }
}
