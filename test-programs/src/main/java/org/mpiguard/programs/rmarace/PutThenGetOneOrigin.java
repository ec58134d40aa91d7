package org.mpiguard.programs.rmarace;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy: rank 0 puts into slot 0 of rank 1's window and, in the same fence epoch, gets the
 * same slot back to check it. MPI orders only accumulates of one origin (MPI-3.1 11.7.2):
 * the get may read the old value, the new one or a mix, although one rank made both calls in
 * that order. With the argument {@code fixed} (the twin) the get reads slot 1, which the
 * put leaves alone.
 */
public final class PutThenGetOneOrigin {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int slot = args.length > 0 && args[0].equals("fixed") ? 1 : 0;
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer window = MPI.newIntBuffer(2);
        Win win = new Win(window, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer value = MPI.newIntBuffer(1).put(0, 42);
        IntBuffer read = MPI.newIntBuffer(1);
        win.fence(0);
        if (rank == 0) {
            win.put(value, 1, MPI.INT, 1, 0, 1, MPI.INT); // RMA: one-origin put
            win.get(read, 1, MPI.INT, 1, slot, 1, MPI.INT); // RMA: one-origin get
        }
        win.fence(0);
        if (rank == 0) {
            System.out.println("read " + read.get(0));
        }
        win.free();
        MPI.Finalize();
    }
}
