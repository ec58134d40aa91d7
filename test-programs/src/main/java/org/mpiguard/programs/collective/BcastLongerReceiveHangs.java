package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 broadcasts 5000 bytes, the other ranks pass 10000: on 4 ranks Open MPI picks
 * different broadcast algorithms for the two counts and the job hangs in the bcast
 * (measured: plain mpirun never returns). The mismatch is a warning when the ring finds it
 * and an error once the bcast has not completed, which ends the job.
 */
public final class BcastLongerReceiveHangs {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        byte[] data = new byte[10000];
        MPI.COMM_WORLD.bcast(data, rank == 0 ? 5000 : 10000, MPI.BYTE, 0); // MISMATCH-SITE
        MPI.COMM_WORLD.barrier();
        System.out.println("rank " + rank + " was not stopped");
        MPI.Finalize();
    }
}
