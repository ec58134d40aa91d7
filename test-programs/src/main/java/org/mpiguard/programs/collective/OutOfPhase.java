package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: in a time-step loop rank 1 skips the barrier of step 2 (it thinks it has no
 * halo to wait for), so its next collective is the allReduce of step 2 while the others
 * are still at the barrier: the ranks are out of phase. Twin: {@link OutOfPhaseFixed}.
 * Plain Open MPI 4.1.4 at 3 ranks hangs.
 */
public final class OutOfPhase {
    private static final int STEPS = 4;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        double[] energy = {0};
        for (int step = 0; step < STEPS; step++) {
            boolean nothingToWaitFor = rank == 1 && step == 2;
            if (!nothingToWaitFor) {
                MPI.COMM_WORLD.barrier(); // MISMATCH-SITE
            }
            double[] local = {rank + step * 0.5};
            MPI.COMM_WORLD.allReduce(local, energy, 1, MPI.DOUBLE, MPI.SUM); // MISMATCH-SITE
        }
        if (rank == 0) {
            System.out.println("energy after " + STEPS + " steps: " + energy[0]);
        }
        MPI.Finalize();
    }
}
