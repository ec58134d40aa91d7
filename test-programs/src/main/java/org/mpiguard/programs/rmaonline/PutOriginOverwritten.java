package org.mpiguard.programs.rmaonline;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy: each rank puts two values into its right neighbour's window and overwrites the
 * origin buffer before the closing fence: the neighbour may receive either value.
 * Reading the origin buffer meanwhile is allowed. Twin: {@link PutOriginOverwrittenFixed}.
 */
public final class PutOriginOverwritten {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        IntBuffer window = MPI.newIntBuffer(2);
        Win win = new Win(window, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer origin = MPI.newIntBuffer(2).put(0, rank).put(1, rank);
        win.fence(0);
        win.put(origin, 2, MPI.INT, (rank + 1) % size, 0, 2, MPI.INT); // POST-SITE
        int sent = origin.get(1);
        if (rank == 0) {
            origin.put(1, -1); // ACCESS-SITE
        }
        win.fence(0);
        System.out.println("rank " + rank + " has " + window.get(0) + " " + window.get(1) + " sent " + sent);
        win.free();
        MPI.Finalize();
    }
}
