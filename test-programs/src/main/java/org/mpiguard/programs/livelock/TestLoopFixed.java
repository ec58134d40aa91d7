package org.mpiguard.programs.livelock;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Correct twin of {@link TestLoopLivelock}: rank 1 sends, after {@value #WORK_MS} ms of
 * work, so rank 0's polling is long but not in vain.
 */
public final class TestLoopFixed {
    static final long WORK_MS = 3000;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            IntBuffer in = MPI.newIntBuffer(1);
            Request incoming = MPI.COMM_WORLD.iRecv(in, 1, MPI.INT, 1, 3);
            long deadline = System.currentTimeMillis() + TestLoopLivelock.GIVE_UP_MS;
            boolean arrived = false;
            while (!arrived && System.currentTimeMillis() < deadline) {
                Thread.sleep(1);
                arrived = incoming.test();
            }
            if (!arrived) {
                incoming.cancel();
                incoming.waitFor();
            }
            incoming.free();
            System.out.println(arrived ? "received " + in.get(0) : "gave up waiting for rank 1");
        } else if (rank == 1) {
            Thread.sleep(WORK_MS);
            MPI.COMM_WORLD.send(new int[] {77}, 1, MPI.INT, 0, 3);
        }
        MPI.Finalize();
    }
}
