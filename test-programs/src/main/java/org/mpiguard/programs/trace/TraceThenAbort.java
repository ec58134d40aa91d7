package org.mpiguard.programs.trace;

import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 sends 200 messages to rank 1, which receives them; then rank 0 passes a negative
 * tag to send, which MPIGuard refuses and, with on-error=abort, ends the job at once. Every
 * event recorded before the abort must be in the traces.
 */
public final class TraceThenAbort {
    static final int MESSAGES = 200;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] value = new int[1];
        for (int i = 0; i < MESSAGES; i++) {
            if (rank == 0) {
                MPI.COMM_WORLD.send(value, 1, MPI.INT, 1, 1);
            } else if (rank == 1) {
                MPI.COMM_WORLD.recv(value, 1, MPI.INT, 0, 1);
            }
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 1, -5); // ABORT-SITE
        } else {
            MPI.COMM_WORLD.recv(value, 1, MPI.INT, 0, 1);
        }
        MPI.Finalize();
    }
}
