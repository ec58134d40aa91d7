package org.mpiguard.programs.rma;

import java.nio.IntBuffer;

import mpi.Group;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy: rank 0 starts an access epoch to rank 1, but rank 1 waits in a barrier before it
 * posts the matching exposure epoch, and that barrier needs rank 0 (Open MPI's origin
 * blocks in start until the target posts). Twin: {@link PscwFixed}.
 */
public final class PscwDeadlock {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer slot = MPI.newIntBuffer(1);
        Win win = new Win(slot, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        Group world = MPI.COMM_WORLD.getGroup();
        if (rank == 0) {
            Group target = world.incl(new int[] {1});
            win.start(target, 0); // DEADLOCK-SITE
            win.put(MPI.newIntBuffer(1).put(0, 55), 1, MPI.INT, 1, 0, 1, MPI.INT);
            win.complete();
            target.free();
            MPI.COMM_WORLD.barrier();
        } else if (rank == 1) {
            Group origin = world.incl(new int[] {0});
            MPI.COMM_WORLD.barrier(); // DEADLOCK-SITE
            win.post(origin, 0);
            win.waitFor();
            origin.free();
        } else {
            MPI.COMM_WORLD.barrier(); // DEADLOCK-SITE
        }
        int[] got = {slot.get(0)};
        MPI.COMM_WORLD.bcast(got, 1, MPI.INT, 1);
        if (rank == 0) {
            System.out.println("rank 1 received " + got[0]);
        }
        world.free();
        win.free();
        MPI.Finalize();
    }
}
