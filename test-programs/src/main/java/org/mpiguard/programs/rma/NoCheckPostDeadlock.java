package org.mpiguard.programs.rma;

import java.nio.IntBuffer;
import mpi.Group;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy: rank 1 posts its window asserting MPI.MODE_NOCHECK, rank 0 starts its access epoch
 * without it (a barrier orders the post first, as the assertion promises). MPI asks the
 * assertion of both calls or neither: the post skips the notice the start then waits for, so
 * rank 0 hangs in start and rank 1 in waitFor (Open MPI 4.1). Twin: {@link
 * org.mpiguard.programs.trace.AssertNoCheckStartOrdered} (both assert it).
 */
public final class NoCheckPostDeadlock {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer slot = MPI.newIntBuffer(1);
        Win win = new Win(slot, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        Group world = MPI.COMM_WORLD.getGroup();
        if (rank == 1) {
            Group origin = world.incl(new int[] {0});
            win.post(origin, MPI.MODE_NOCHECK);
            MPI.COMM_WORLD.barrier();
            win.waitFor(); // DEADLOCK-SITE
            origin.free();
            System.out.println("rank 1 holds " + slot.get(0));
        } else if (rank == 0) {
            Group target = world.incl(new int[] {1});
            MPI.COMM_WORLD.barrier();
            win.start(target, 0); // DEADLOCK-SITE
            win.put(MPI.newIntBuffer(1).put(0, 42), 1, MPI.INT, 1, 0, 1, MPI.INT);
            win.complete();
            target.free();
        } else {
            MPI.COMM_WORLD.barrier();
        }
        world.free();
        win.free();
        MPI.Finalize();
    }
}
