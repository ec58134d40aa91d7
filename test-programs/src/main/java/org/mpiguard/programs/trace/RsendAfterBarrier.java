package org.mpiguard.programs.trace;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Correct twin of {@link RsendNotReady}: rank 1 posts its receive, then both ranks meet in a
 * barrier, then rank 0 ready-sends: the barrier orders the post before the send. 2 ranks.
 */
public final class RsendAfterBarrier {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 1) {
            IntBuffer buf = MPI.newIntBuffer(1);
            Request r = MPI.COMM_WORLD.iRecv(buf, 1, MPI.INT, 0, 0);
            MPI.COMM_WORLD.barrier();
            r.waitFor();
            System.out.println("got " + buf.get(0));
        } else {
            MPI.COMM_WORLD.barrier();
            if (rank == 0) {
                MPI.COMM_WORLD.rSend(new int[] {42}, 1, MPI.INT, 1, 0);
            }
        }
        MPI.Finalize();
    }
}
