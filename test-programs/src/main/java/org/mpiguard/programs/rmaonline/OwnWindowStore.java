package org.mpiguard.programs.rmaonline;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy: every rank puts into its own window and rank 0, in the same fence epoch, stores
 * into that window memory itself: a local store conflicting with a put is erroneous (Table I),
 * and which value remains is undefined. Twin: {@link OwnWindowStoreFixed}.
 */
public final class OwnWindowStore {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer window = MPI.newIntBuffer(4);
        Win win = new Win(window, 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer value = MPI.newIntBuffer(1).put(0, 7);
        win.fence(0);
        win.put(value, 1, MPI.INT, rank, 2, 1, MPI.INT); // POST-SITE
        window.put(3, 1);
        if (rank == 0) {
            window.put(2, 5); // ACCESS-SITE
        }
        win.fence(0);
        System.out.println("rank " + rank + " has " + window.get(2));
        win.free();
        MPI.Finalize();
    }
}
