package org.mpiguard.programs.trace;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Correct twin of {@link AssertNoPutBug}: rank 1 asserts MPI.MODE_NOPUT on an epoch in which
 * only a get of rank 0 reads its window (rank 1 itself puts into rank 0's window, which
 * asserted nothing); rank 0's put into rank 1's window comes in the next epoch, whose fence
 * asserts nothing. 2 ranks.
 */
public final class AssertNoPutTruthful {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer base = MPI.newIntBuffer(2).put(0, 7);
        Win win = new Win(base, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer out = MPI.newIntBuffer(1).put(0, 4);
        IntBuffer in = MPI.newIntBuffer(1);
        win.fence(rank == 1 ? MPI.MODE_NOPUT : 0);
        if (rank == 0) {
            win.get(in, 1, MPI.INT, 1, 0, 1, MPI.INT);
        } else {
            win.put(out, 1, MPI.INT, 0, 1, 1, MPI.INT);
        }
        win.fence(0);
        if (rank == 0) {
            win.put(out, 1, MPI.INT, 1, 1, 1, MPI.INT);
        }
        win.fence(0);
        System.out.println("rank " + rank + " read " + in.get(0) + ", slot 1 holds " + base.get(1));
        win.free();
        MPI.Finalize();
    }
}
