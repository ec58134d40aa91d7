package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link GatherCountMismatch}: every rank contributes exactly 1 int. */
public final class GatherCountMismatchFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] mine = {rank * 10, rank * 10 + 1};
        int[] all = new int[2 * size];
        MPI.COMM_WORLD.gather(mine, 1, MPI.INT, all, 1, MPI.INT, 0);
        if (rank == 0) {
            System.out.println("gathered: " + java.util.Arrays.toString(java.util.Arrays.copyOf(all, size)));
        }
        MPI.Finalize();
    }
}
