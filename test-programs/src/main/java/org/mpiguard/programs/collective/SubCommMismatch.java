package org.mpiguard.programs.collective;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: on the communicator of the even world ranks (made by split), the leader
 * broadcasts while the other members wait in a barrier. Run with 6 ranks.
 * Twin: {@link SubCommMismatchFixed}.
 * Plain Open MPI 4.1.4 at 6 ranks hangs.
 */
public final class SubCommMismatch {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        Intracomm half = MPI.COMM_WORLD.split(rank % 2, rank);
        int[] value = {half.getRank() == 0 ? 100 + rank % 2 : 0};
        if (rank % 2 == 1) {
            half.bcast(value, 1, MPI.INT, 0);
        } else if (half.getRank() == 0) {
            half.bcast(value, 1, MPI.INT, 0); // MISMATCH-SITE
        } else {
            half.barrier(); // MISMATCH-SITE
        }
        int[] sum = new int[1];
        MPI.COMM_WORLD.reduce(value, sum, 1, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("sum of broadcast values: " + sum[0]);
        }
        half.free();
        MPI.Finalize();
    }
}
