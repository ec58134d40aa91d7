package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: a pipeline of 8 ranks in which every rank, the first included, receives from
 * its left neighbour before passing the value on, so nobody ever sends. Run with 8 ranks.
 * Twin: {@link EightRankRingFixed}.
 */
public final class EightRankRing {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int left = (rank + size - 1) % size;
        int right = (rank + 1) % size;
        int[] value = {0};
        MPI.COMM_WORLD.recv(value, 1, MPI.INT, left, 8); // DEADLOCK-SITE
        value[0] += rank;
        MPI.COMM_WORLD.send(value, 1, MPI.INT, right, 8);
        if (rank == 0) {
            System.out.println("value round the ring: " + value[0]);
        }
        MPI.Finalize();
    }
}
