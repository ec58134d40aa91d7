package org.mpiguard.programs.reqlife;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;

/** Rank 0's iSend is never waited for before Finalize (a warning: rank 1 received it); {@link NeverCompletedFixed} waits. */
public final class NeverCompleted {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer buf = ByteBuffer.allocateDirect(16).asIntBuffer();
        if (rank == 0) {
            Request r = MPI.COMM_WORLD.iSend(buf, 1, MPI.INT, 1, 3); // REQ-MADE
        } else if (rank == 1) {
            MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 0, 3);
        }
        MPI.COMM_WORLD.barrier();
        System.out.println("rank " + rank + " done");
        MPI.Finalize(); // FINALIZE-SITE
    }
}
