package org.mpiguard.programs.reqlife;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;

/** Rank 0 starts a persistent send and never completes it before Finalize (a warning at the start). */
public final class StartedNeverCompleted {
    static final Object[] KEEP = new Object[1];

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer buf = ByteBuffer.allocateDirect(16).asIntBuffer();
        if (rank == 0) {
            Prequest p = MPI.COMM_WORLD.sendInit(buf, 1, MPI.INT, 1, 3);
            p.start(); // START-SITE
            KEEP[0] = p;
        } else if (rank == 1) {
            MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 0, 3);
        }
        MPI.COMM_WORLD.barrier();
        System.out.println("rank " + rank + " done");
        MPI.Finalize(); // FINALIZE-SITE
    }
}
