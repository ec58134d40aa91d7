package org.mpiguard.programs.trace;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Correct twin of {@link AssertNoCheckBug}, the common pattern: every rank reads every
 * rank's window under {@code lock(LOCK_SHARED, t, MPI.MODE_NOCHECK)}, then under
 * {@code lockAll(MPI.MODE_NOCHECK)}; shared locks never conflict, so the assertion holds.
 * 4 ranks.
 */
public final class AssertNoCheckShared {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        IntBuffer base = MPI.newIntBuffer(2).put(0, 100 + rank);
        Win win = new Win(base, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer in = MPI.newIntBuffer(1);
        MPI.COMM_WORLD.barrier();
        long sum = 0;
        for (int t = 0; t < size; t++) {
            win.lock(MPI.LOCK_SHARED, t, MPI.MODE_NOCHECK);
            win.get(in, 1, MPI.INT, t, 0, 1, MPI.INT);
            win.unlock(t);
            sum += in.get(0);
        }
        win.lockAll(MPI.MODE_NOCHECK);
        for (int t = 0; t < size; t++) {
            win.get(in, 1, MPI.INT, t, 0, 1, MPI.INT);
            win.flush(t);
            sum += in.get(0);
        }
        win.unlockAll();
        MPI.COMM_WORLD.barrier();
        System.out.println("rank " + rank + " sum " + sum);
        win.free();
        MPI.Finalize();
    }
}
