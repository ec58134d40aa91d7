package org.mpiguard.programs.reqlife;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;

/** Rank 1 waits twice for one iRecv: the second wait returns at once (a warning naming both waits). */
public final class WaitTwice {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer buf = ByteBuffer.allocateDirect(16).asIntBuffer();
        if (rank == 0) {
            MPI.COMM_WORLD.send(buf, 1, MPI.INT, 1, 3);
        } else if (rank == 1) {
            Request r = MPI.COMM_WORLD.iRecv(buf, 1, MPI.INT, 0, 3);
            r.waitFor(); // FIRST-WAIT
            r.waitFor(); // SECOND-WAIT
        }
        MPI.COMM_WORLD.barrier();
        System.out.println("rank " + rank + " done");
        MPI.Finalize(); // FINALIZE-SITE
    }
}
