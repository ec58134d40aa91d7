package org.mpiguard.programs.livelock;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.Request;

/**
 * Buggy: rank 0 polls testAll over receives from every other rank, but the last rank
 * forgets to send and goes to Finalize, so testAll never succeeds; rank 0 gives up after
 * {@value TestLoopLivelock#GIVE_UP_MS} ms. Twin: {@link TestAllFixed}.
 */
public final class TestAllLivelock {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        if (rank == 0) {
            IntBuffer in = MPI.newIntBuffer(size);
            Request[] parts = new Request[size - 1];
            for (int r = 1; r < size; r++) {
                parts[r - 1] = MPI.COMM_WORLD.iRecv(MPI.slice(in, r), 1, MPI.INT, r, 2);
            }
            long deadline = System.currentTimeMillis() + TestLoopLivelock.GIVE_UP_MS;
            boolean all = false;
            while (!all && System.currentTimeMillis() < deadline) {
                Thread.sleep(1);
                all = Request.testAll(parts); // LIVELOCK-SITE
            }
            int missing = 0;
            for (Request part : parts) {
                if (!all && !part.test()) {
                    part.cancel();
                    part.waitFor();
                    missing++;
                }
            }
            System.out.println(all ? "all parts arrived" : missing + " part(s) never arrived");
        } else if (rank != size - 1) {
            MPI.COMM_WORLD.send(new int[] {rank}, 1, MPI.INT, 0, 2);
        }
        MPI.Finalize();
    }
}
