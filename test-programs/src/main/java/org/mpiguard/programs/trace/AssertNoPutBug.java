package org.mpiguard.programs.trace;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy (rma.assert-noput): every rank opens the fence epoch asserting MPI.MODE_NOPUT (its
 * window gets no put or accumulate until the next fence), and rank 0 puts into rank 1's
 * window in that epoch. The assertion is false, so the program is erroneous (MPI-3.1
 * 11.5.5), though Open MPI happens to deliver the put. Twin: {@link AssertNoPutTruthful}.
 * 2 ranks.
 */
public final class AssertNoPutBug {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer base = MPI.newIntBuffer(2);
        Win win = new Win(base, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer out = MPI.newIntBuffer(1).put(0, 4);
        win.fence(MPI.MODE_NOPUT); // NOPUT-FENCE
        if (rank == 0) {
            win.put(out, 1, MPI.INT, 1, 0, 1, MPI.INT); // PUT-SITE
        }
        win.fence(0);
        if (rank == 1) {
            System.out.println("slot 0 holds " + base.get(0));
        }
        win.free();
        MPI.Finalize();
    }
}
