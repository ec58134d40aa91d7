package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link CollectiveAfterFinish}: the idle rank joins the closing barrier too. */
public final class CollectiveAfterFinishFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("all ranks done");
        }
        MPI.Finalize();
    }
}
