package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy: rank 0 synchronises with a blocking barrier while the other ranks use iBarrier
 * and wait; MPI does not match a blocking collective with a nonblocking one.
 * Twin: {@link BlockingVsNonblockingFixed}.
 * Plain Open MPI 4.1.4 at 3 ranks hangs.
 */
public final class BlockingVsNonblocking {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            MPI.COMM_WORLD.barrier(); // MISMATCH-SITE
            System.out.println("everyone has arrived");
        } else {
            Request arrived = MPI.COMM_WORLD.iBarrier(); // MISMATCH-SITE
            arrived.waitFor();
            arrived.free();
        }
        MPI.Finalize();
    }
}
