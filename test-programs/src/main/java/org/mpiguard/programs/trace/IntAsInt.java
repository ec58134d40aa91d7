package org.mpiguard.programs.trace;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link IntAsFloat}: ints sent, ints received. */
public final class IntAsInt {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            int[] data = {1, 2, 3, 4};
            MPI.COMM_WORLD.send(data, 4, MPI.INT, 1, 5);
        } else if (rank == 1) {
            int[] data = new int[4];
            MPI.COMM_WORLD.recv(data, 4, MPI.INT, 0, 5);
            System.out.println("received " + data[0]);
        }
        MPI.Finalize();
    }
}
