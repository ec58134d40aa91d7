package org.mpiguard.programs.mpierror;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link TruncatedRecv}: the receive accepts the 8 ints sent. */
public final class TruncatedRecvFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            MPI.COMM_WORLD.send(new int[8], 8, MPI.INT, 1, 5);
        } else if (rank == 1) {
            int[] into = new int[8];
            MPI.COMM_WORLD.recv(into, 8, MPI.INT, 0, 5);
            System.out.println("received");
        }
        MPI.Finalize();
    }
}
