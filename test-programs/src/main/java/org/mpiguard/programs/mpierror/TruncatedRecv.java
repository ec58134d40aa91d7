package org.mpiguard.programs.mpierror;

import mpi.MPI;
import mpi.MPIException;

/** Rank 0 sends 8 ints, rank 1 receives at most 4: Open MPI truncates (MPI_ERR_TRUNCATE) and aborts without a Java location. */
public final class TruncatedRecv {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            MPI.COMM_WORLD.send(new int[8], 8, MPI.INT, 1, 5); // SEND-SITE
        } else if (rank == 1) {
            int[] into = new int[8];
            MPI.COMM_WORLD.recv(into, 4, MPI.INT, 0, 5); // MPI-ERROR-SITE
            System.out.println("received");
        }
        MPI.Finalize();
    }
}
