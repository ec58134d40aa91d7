package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: rank 2 contributes 2 ints to a gather whose root expects 1 int from each rank,
 * so the send count disagrees with the root's receive count. Twin: {@link GatherCountMismatchFixed}.
 * Plain Open MPI 4.1.4 at 4 ranks aborts the job with MPI_ERR_TRUNCATE in MPI_Gather (exit
 * 15), naming no Java line.
 */
public final class GatherCountMismatch {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] mine = {rank * 10, rank * 10 + 1};
        int[] all = new int[2 * size];
        if (rank == 2) {
            MPI.COMM_WORLD.gather(mine, 2, MPI.INT, all, 1, MPI.INT, 0); // MISMATCH-SITE
        } else {
            MPI.COMM_WORLD.gather(mine, 1, MPI.INT, all, 1, MPI.INT, 0); // MISMATCH-SITE
        }
        if (rank == 0) {
            System.out.println("gathered: " + java.util.Arrays.toString(java.util.Arrays.copyOf(all, size)));
        }
        MPI.Finalize();
    }
}
