package org.mpiguard.programs.rma;

import java.nio.IntBuffer;

import mpi.Group;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Experiment, not a test case: shows where Open MPI makes post/start/complete/wait wait.
 * Rank 0 is the origin (start, put, complete), rank 1 the target (post, waitFor). With
 * argument {@code late-post} the target posts only after 4 s; with {@code late-complete}
 * the origin calls complete only after 4 s. Every step is printed with the time since a
 * common start, so the output shows in which call each side waits. Run with 2 ranks.
 */
public final class WherePscwBlocks {
    private static long start;

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        boolean latePost = args.length > 0 && args[0].equals("late-post");
        IntBuffer slot = MPI.newIntBuffer(1);
        Win win = new Win(slot, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        Group world = MPI.COMM_WORLD.getGroup();
        long[] t0 = {System.currentTimeMillis()};
        MPI.COMM_WORLD.bcast(t0, 1, MPI.LONG, 0);
        start = t0[0];
        if (rank == 0) {
            Group target = world.incl(new int[] {1});
            say(rank, "start");
            win.start(target, 0);
            say(rank, "start returned");
            win.put(MPI.newIntBuffer(1).put(0, 5), 1, MPI.INT, 1, 0, 1, MPI.INT);
            say(rank, "put returned");
            if (!latePost) {
                Thread.sleep(4000);
            }
            say(rank, "complete");
            win.complete();
            say(rank, "complete returned");
            target.free();
        } else if (rank == 1) {
            Group origin = world.incl(new int[] {0});
            if (latePost) {
                Thread.sleep(4000);
            }
            say(rank, "post");
            win.post(origin, 0);
            say(rank, "post returned; waitFor");
            win.waitFor();
            say(rank, "waitFor returned");
            origin.free();
        }
        MPI.COMM_WORLD.barrier();
        world.free();
        win.free();
        MPI.Finalize();
    }

    private static void say(int rank, String what) {
        System.out.printf("%5d ms  rank %d  %s%n", System.currentTimeMillis() - start, rank, what);
    }
}
