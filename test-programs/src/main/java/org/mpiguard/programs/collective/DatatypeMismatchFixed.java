package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link DatatypeMismatch}: every rank broadcasts 4 MPI.INT. */
public final class DatatypeMismatchFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] ints = rank == 0 ? new int[] {1, 2, 3, 4} : new int[4];
        MPI.COMM_WORLD.bcast(ints, 4, MPI.INT, 0);
        long[] check = new long[1];
        MPI.COMM_WORLD.reduce(new long[] {ints[0] + ints[3]}, check, 1, MPI.LONG, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("checksum: " + check[0]);
        }
        MPI.Finalize();
    }
}
