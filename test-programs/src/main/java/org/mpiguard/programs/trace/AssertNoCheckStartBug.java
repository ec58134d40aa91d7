package org.mpiguard.programs.trace;

import java.nio.IntBuffer;
import mpi.Group;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy (rma.assert-nocheck-start): rank 1 posts its window to rank 0 and rank 0 starts its
 * access epoch, both asserting MPI.MODE_NOCHECK ("the matching post has already completed"),
 * but nothing orders the post before the start: MPI lets the start go on without waiting, so
 * rank 0's put may reach the window before rank 1 exposed it. Twin:
 * {@link AssertNoCheckStartOrdered}. 2 ranks.
 */
public final class AssertNoCheckStartBug {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer base = MPI.newIntBuffer(1);
        Win win = new Win(base, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        Group world = MPI.COMM_WORLD.getGroup();
        if (rank == 1) {
            Group origin = world.incl(new int[] {0});
            win.post(origin, MPI.MODE_NOCHECK); // POST-1
            win.waitFor();
            origin.free();
            System.out.println("rank 1 holds " + base.get(0));
        } else if (rank == 0) {
            Group target = world.incl(new int[] {1});
            // In practice let the post come first: when the put overtakes it (the race this bug
            // allows), Open MPI's one-sided component can lose the epoch and hang the job in
            // Win.free (seen 1 run in 14 on a loaded machine). Time orders nothing for MPI, so
            // the bug, and what the analysis finds, stay the same.
            sleep(300);
            win.start(target, MPI.MODE_NOCHECK); // START-0
            win.put(MPI.newIntBuffer(1).put(0, 42), 1, MPI.INT, 1, 0, 1, MPI.INT);
            win.complete();
            target.free();
        }
        world.free();
        win.free();
        MPI.Finalize();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
