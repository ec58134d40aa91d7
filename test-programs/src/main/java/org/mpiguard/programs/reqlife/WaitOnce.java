package org.mpiguard.programs.reqlife;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;

/** Correct twin of {@link WaitTwice}: each request waited for once, a new one for the second message. */
public final class WaitOnce {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer buf = ByteBuffer.allocateDirect(16).asIntBuffer();
        for (int i = 0; i < 2; i++) {
            if (rank == 0) {
                MPI.COMM_WORLD.send(buf, 1, MPI.INT, 1, 3);
            } else if (rank == 1) {
                Request r = MPI.COMM_WORLD.iRecv(buf, 1, MPI.INT, 0, 3);
                r.waitFor();
            }
        }
        MPI.COMM_WORLD.barrier();
        System.out.println("rank " + rank + " done");
        MPI.Finalize(); // FINALIZE-SITE
    }
}
