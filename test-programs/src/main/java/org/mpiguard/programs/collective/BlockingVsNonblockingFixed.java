package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** Correct twin of {@link BlockingVsNonblocking}: every rank uses iBarrier and waits. */
public final class BlockingVsNonblockingFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        Request arrived = MPI.COMM_WORLD.iBarrier();
        arrived.waitFor();
        arrived.free();
        if (rank == 0) {
            System.out.println("everyone has arrived");
        }
        MPI.Finalize();
    }
}
