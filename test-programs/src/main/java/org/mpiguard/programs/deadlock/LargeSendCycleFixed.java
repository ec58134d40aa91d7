package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link LargeSendCycle}: sendRecv lets the library pair both transfers. */
public final class LargeSendCycleFixed {
    private static final int N = 1 << 20;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int other = 1 - rank;
        int[] mine = new int[N];
        int[] theirs = new int[N];
        java.util.Arrays.fill(mine, rank + 1);
        MPI.COMM_WORLD.sendRecv(mine, N, MPI.INT, other, 6, theirs, N, MPI.INT, other, 6);
        if (rank == 0) {
            System.out.println("received from rank 1: " + theirs[N - 1]);
        }
        MPI.Finalize();
    }
}
