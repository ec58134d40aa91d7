package org.mpiguard.programs.livelock;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy: rank 0 overlaps its computation with an irecv from rank 1 and polls it with
 * Request.test, but rank 1 never sends and goes to Finalize; rank 0 gives up after
 * {@value #GIVE_UP_MS} ms, cancels the receive and finishes. Twin: {@link TestLoopFixed}.
 */
public final class TestLoopLivelock {
    static final long GIVE_UP_MS = 6000;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            IntBuffer in = MPI.newIntBuffer(1);
            Request incoming = MPI.COMM_WORLD.iRecv(in, 1, MPI.INT, 1, 3);
            long deadline = System.currentTimeMillis() + GIVE_UP_MS;
            long steps = 0;
            boolean arrived = false;
            while (!arrived && System.currentTimeMillis() < deadline) {
                steps++;
                Thread.sleep(1);
                arrived = incoming.test(); // LIVELOCK-SITE
            }
            if (!arrived) {
                incoming.cancel();
                incoming.waitFor();
            }
            incoming.free();
            System.out.println(arrived ? "received " + in.get(0) : "gave up waiting for rank 1");
        }
        MPI.Finalize();
    }
}
