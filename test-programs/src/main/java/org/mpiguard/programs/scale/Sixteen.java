package org.mpiguard.programs.scale;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: 16 ranks in a ring each receive from their left neighbour before sending to the
 * right, so none ever sends. Each rank says on stderr when it blocks, so a test can time
 * hang to finding. Twin: {@link SixteenFixed}.
 */
public final class Sixteen {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] token = {rank};
        System.err.println("blocking at " + System.currentTimeMillis()); // lets a test time hang-to-finding
        MPI.COMM_WORLD.recv(token, 1, MPI.INT, (rank + size - 1) % size, 16); // DEADLOCK-SITE
        MPI.COMM_WORLD.send(token, 1, MPI.INT, (rank + 1) % size, 16);
        if (rank == 0) {
            System.out.println("token back at rank 0: " + token[0]);
        }
        MPI.Finalize();
    }
}
