package org.mpiguard.programs.rmaonline;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Twin of {@link OwnWindowStore}: during the epoch the rank stores only where its own put
 * does not land, and into the put's element after the closing fence.
 */
public final class OwnWindowStoreFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer window = MPI.newIntBuffer(4);
        Win win = new Win(window, 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer value = MPI.newIntBuffer(1).put(0, 7);
        win.fence(0);
        win.put(value, 1, MPI.INT, rank, 2, 1, MPI.INT);
        window.put(3, 1);
        win.fence(0);
        window.put(2, window.get(2) + 5);
        System.out.println("rank " + rank + " has " + window.get(2));
        win.free();
        MPI.Finalize();
    }
}
