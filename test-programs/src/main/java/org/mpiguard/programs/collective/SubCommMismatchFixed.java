package org.mpiguard.programs.collective;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link SubCommMismatch}: every member of each half takes part in the bcast. */
public final class SubCommMismatchFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        Intracomm half = MPI.COMM_WORLD.split(rank % 2, rank);
        int[] value = {half.getRank() == 0 ? 100 + rank % 2 : 0};
        half.bcast(value, 1, MPI.INT, 0);
        int[] sum = new int[1];
        MPI.COMM_WORLD.reduce(value, sum, 1, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("sum of broadcast values: " + sum[0]);
        }
        half.free();
        MPI.Finalize();
    }
}
