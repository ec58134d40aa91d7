package org.mpiguard.programs.trace;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy (resource-leak: a lost message): rank 0 sends a small message (delivered eagerly,
 * so the send completes) that rank 1 never receives. With argument {@code twin} rank 1
 * receives it.
 */
public final class LostMessage {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean twin = args.length > 0 && args[0].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        int[] value = {7};
        if (rank == 0) {
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 1, 8); // SEND-SITE
        } else if (rank == 1 && twin) {
            MPI.COMM_WORLD.recv(value, 1, MPI.INT, 0, 8);
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
