package org.mpiguard.programs.reqlife;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;

/** Correct twin of {@link FreeActive} and {@link StartedNeverCompleted}: each start completed, then freed. */
public final class PersistentDone {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer buf = ByteBuffer.allocateDirect(16).asIntBuffer();
        if (rank == 0) {
            Prequest p = MPI.COMM_WORLD.sendInit(buf, 1, MPI.INT, 1, 3);
            for (int i = 0; i < 2; i++) {
                p.start();
                p.waitFor();
            }
            p.free();
        } else if (rank == 1) {
            for (int i = 0; i < 2; i++) {
                MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 0, 3);
            }
        }
        MPI.COMM_WORLD.barrier();
        System.out.println("rank " + rank + " done");
        MPI.Finalize(); // FINALIZE-SITE
    }
}
