package org.mpiguard.programs.trace;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy (type-mismatch): rank 0 sends four ints, rank 1 receives them as four floats.
 * Same size, so MPI delivers the bits without complaint and rank 1 reads garbage. Twin:
 * {@link IntAsInt}.
 */
public final class IntAsFloat {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            int[] data = {1, 2, 3, 4};
            MPI.COMM_WORLD.send(data, 4, MPI.INT, 1, 5); // SEND-SITE
        } else if (rank == 1) {
            float[] data = new float[4];
            MPI.COMM_WORLD.recv(data, 4, MPI.FLOAT, 0, 5); // RECV-SITE
            System.out.println("received " + data[0]);
        }
        MPI.Finalize();
    }
}
