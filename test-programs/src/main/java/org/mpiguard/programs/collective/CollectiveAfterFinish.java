package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: the last rank has no work and goes straight to Finalize, while the other ranks
 * wait for it in the closing barrier. Twin: {@link CollectiveAfterFinishFixed}.
 * Plain Open MPI 4.1.4 at 3 ranks hangs (the finished rank waits in Finalize, the others
 * in the barrier).
 */
public final class CollectiveAfterFinish {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        if (rank == size - 1) {
            MPI.Finalize(); // FINISHED-SITE
            return;
        }
        MPI.COMM_WORLD.barrier(); // DEADLOCK-SITE
        if (rank == 0) {
            System.out.println("all ranks done");
        }
        MPI.Finalize();
    }
}
