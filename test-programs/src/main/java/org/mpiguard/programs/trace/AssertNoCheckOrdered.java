package org.mpiguard.programs.trace;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Correct twin of {@link AssertNoCheckBug}: only rank 0 locks rank 1's window with
 * MPI.MODE_NOCHECK, and rank 2 takes its exclusive lock after the barrier that follows rank
 * 0's unlock, so no conflicting lock is attempted while rank 0 holds its own. 3 ranks.
 */
public final class AssertNoCheckOrdered {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer base = MPI.newIntBuffer(2);
        Win win = new Win(base, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer out = MPI.newIntBuffer(1).put(0, 10 + rank);
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            win.lock(MPI.LOCK_EXCLUSIVE, 1, MPI.MODE_NOCHECK);
            win.put(out, 1, MPI.INT, 1, 0, 1, MPI.INT);
            win.unlock(1);
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 2) {
            win.lock(MPI.LOCK_EXCLUSIVE, 1, 0);
            win.put(out, 1, MPI.INT, 1, 0, 1, MPI.INT);
            win.unlock(1);
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 1) {
            System.out.println("slot 0 holds " + base.get(0));
        }
        win.free();
        MPI.Finalize();
    }
}
