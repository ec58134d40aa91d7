package org.mpiguard.programs.trace;

import java.nio.IntBuffer;
import mpi.Group;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy (rma.assert-nocheck-pair): rank 0's start asserts MPI.MODE_NOCHECK, and a barrier does
 * order rank 1's post before it, but the post itself does not assert it. MPI asks the
 * assertion of both or neither: a post without it notifies the origin, a start with it never
 * takes the notice, which an implementation may then count towards the next epoch. Twin:
 * {@link AssertNoCheckStartOrdered} (both assert it). 2 ranks.
 */
public final class AssertNoCheckPairBug {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer base = MPI.newIntBuffer(1);
        Win win = new Win(base, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        Group world = MPI.COMM_WORLD.getGroup();
        if (rank == 1) {
            Group origin = world.incl(new int[] {0});
            win.post(origin, 0); // POST-1
            MPI.COMM_WORLD.barrier();
            win.waitFor();
            origin.free();
            System.out.println("rank 1 holds " + base.get(0));
        } else if (rank == 0) {
            Group target = world.incl(new int[] {1});
            MPI.COMM_WORLD.barrier();
            win.start(target, MPI.MODE_NOCHECK); // START-0
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
