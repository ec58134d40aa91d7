package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: the root broadcasts 4 MPI.INT while the other ranks receive 2 MPI.LONG: the
 * same number of bytes, but a different type signature, which bcast forbids.
 * Twin: {@link DatatypeMismatchFixed}.
 * Plain Open MPI 4.1.4 at 3 ranks completes and prints a garbage checksum.
 */
public final class DatatypeMismatch {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] ints = {1, 2, 3, 4};
        long[] longs = new long[2];
        if (rank == 0) {
            MPI.COMM_WORLD.bcast(ints, 4, MPI.INT, 0); // MISMATCH-SITE
        } else {
            MPI.COMM_WORLD.bcast(longs, 2, MPI.LONG, 0); // MISMATCH-SITE
        }
        long[] check = new long[1];
        MPI.COMM_WORLD.reduce(new long[] {longs[0] + longs[1]}, check, 1, MPI.LONG, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("checksum: " + check[0]);
        }
        MPI.Finalize();
    }
}
