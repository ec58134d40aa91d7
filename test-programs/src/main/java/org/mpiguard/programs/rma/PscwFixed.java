package org.mpiguard.programs.rma;

import java.nio.IntBuffer;

import mpi.Group;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/** Correct twin of {@link PscwDeadlock}: rank 1 posts and waits for the epoch before the barrier. */
public final class PscwFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer slot = MPI.newIntBuffer(1);
        Win win = new Win(slot, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        Group world = MPI.COMM_WORLD.getGroup();
        if (rank == 0) {
            Group target = world.incl(new int[] {1});
            win.start(target, 0);
            win.put(MPI.newIntBuffer(1).put(0, 55), 1, MPI.INT, 1, 0, 1, MPI.INT);
            win.complete();
            target.free();
            MPI.COMM_WORLD.barrier();
        } else if (rank == 1) {
            Group origin = world.incl(new int[] {0});
            win.post(origin, 0);
            win.waitFor();
            origin.free();
            MPI.COMM_WORLD.barrier();
        } else {
            MPI.COMM_WORLD.barrier();
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
