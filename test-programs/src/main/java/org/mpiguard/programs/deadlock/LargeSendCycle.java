package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: both ranks send a 4 MiB array to each other with a standard-mode send before
 * receiving. The message is far beyond what the library buffers, so each send waits for
 * its receiver, which is itself sending. Twin: {@link LargeSendCycleFixed}.
 */
public final class LargeSendCycle {
    private static final int N = 1 << 20;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int other = 1 - rank;
        int[] mine = new int[N];
        int[] theirs = new int[N];
        java.util.Arrays.fill(mine, rank + 1);
        MPI.COMM_WORLD.send(mine, N, MPI.INT, other, 6); // DEADLOCK-SITE
        MPI.COMM_WORLD.recv(theirs, N, MPI.INT, other, 6);
        if (rank == 0) {
            System.out.println("received from rank 1: " + theirs[N - 1]);
        }
        MPI.Finalize();
    }
}
