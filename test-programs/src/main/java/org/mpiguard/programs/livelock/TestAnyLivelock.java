package org.mpiguard.programs.livelock;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.Request;

/**
 * Buggy: rank 0 polls testAny over receives with tag 6 from every other rank, but the
 * others send with tag 5 and go to Finalize, so no receive can ever match; rank 0 gives
 * up after {@value TestLoopLivelock#GIVE_UP_MS} ms. Twin: {@link TestAnyFixed}.
 */
public final class TestAnyLivelock {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        if (rank == 0) {
            IntBuffer in = MPI.newIntBuffer(size);
            Request[] replies = new Request[size - 1];
            for (int r = 1; r < size; r++) {
                replies[r - 1] = MPI.COMM_WORLD.iRecv(MPI.slice(in, r), 1, MPI.INT, r, 6);
            }
            long deadline = System.currentTimeMillis() + TestLoopLivelock.GIVE_UP_MS;
            int first = MPI.UNDEFINED;
            while (first == MPI.UNDEFINED && System.currentTimeMillis() < deadline) {
                Thread.sleep(1);
                first = Request.testAny(replies); // LIVELOCK-SITE
            }
            for (Request reply : replies) {
                if (!reply.isNull()) {
                    reply.cancel();
                    reply.waitFor();
                }
            }
            System.out.println(first == MPI.UNDEFINED ? "no reply" : "first reply " + in.get(first + 1));
        } else {
            MPI.COMM_WORLD.send(new int[] {rank}, 1, MPI.INT, 0, 5);
        }
        MPI.Finalize();
    }
}
