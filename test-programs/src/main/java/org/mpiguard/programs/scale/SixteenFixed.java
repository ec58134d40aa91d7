package org.mpiguard.programs.scale;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link Sixteen}: rank 0 sends the token first and receives it last. */
public final class SixteenFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] token = {rank};
        if (rank == 0) {
            MPI.COMM_WORLD.send(token, 1, MPI.INT, 1, 16);
        }
        MPI.COMM_WORLD.recv(token, 1, MPI.INT, (rank + size - 1) % size, 16);
        if (rank != 0) {
            token[0] += rank;
            MPI.COMM_WORLD.send(token, 1, MPI.INT, (rank + 1) % size, 16);
        }
        if (rank == 0) {
            System.out.println("token back at rank 0: " + token[0]);
        }
        MPI.Finalize();
    }
}
