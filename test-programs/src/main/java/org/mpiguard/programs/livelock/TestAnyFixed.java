package org.mpiguard.programs.livelock;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.Request;

/**
 * Correct twin of {@link TestAnyLivelock}: the replies carry the tag rank 0 waits for,
 * sent after {@value TestLoopFixed#WORK_MS} ms of work.
 */
public final class TestAnyFixed {
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
                first = Request.testAny(replies);
            }
            Request.waitAll(replies);
            System.out.println(first == MPI.UNDEFINED ? "no reply" : "got a first reply: " + (in.get(first + 1) > 0));
        } else {
            Thread.sleep(TestLoopFixed.WORK_MS);
            MPI.COMM_WORLD.send(new int[] {rank}, 1, MPI.INT, 0, 6);
        }
        MPI.Finalize();
    }
}
