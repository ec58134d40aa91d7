package org.mpiguard.programs.trace;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy (type-mismatch: truncation): rank 0 sends eight ints where rank 1 receives four
 * (argument {@code recv}), or rank 0 broadcasts eight ints where the others take four
 * (argument {@code bcast}). MPI fails the call (MPI_ERR_TRUNCATE) and the job ends; the
 * traces written up to the failing call name both sides. With a second argument
 * {@code twin} both sides agree on eight.
 */
public final class Truncation {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean bcast = args.length > 0 && args[0].equals("bcast");
        boolean twin = args.length > 1 && args[1].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        int[] data = new int[8];
        int taken = twin ? 8 : 4;
        if (bcast) {
            MPI.COMM_WORLD.bcast(data, rank == 0 ? 8 : taken, MPI.INT, 0); // BCAST-SITE
        } else if (rank == 0) {
            MPI.COMM_WORLD.send(data, 8, MPI.INT, 1, 6); // SEND-SITE
        } else if (rank == 1) {
            MPI.COMM_WORLD.recv(data, taken, MPI.INT, 0, 6); // RECV-SITE
        }
        MPI.Finalize();
    }
}
