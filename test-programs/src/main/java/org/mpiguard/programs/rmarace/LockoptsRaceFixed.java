package org.mpiguard.programs.rmarace;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Correct twin of {@link LockoptsRace}: the three sections run in phases a barrier apart
 * (rank 1's put is complete at its unlock, before the barrier that precedes rank 2's get;
 * rank 0 updates its slot only after the next barrier), so nothing is concurrent. Prints
 * 42 on rank 0. Run with 3 ranks.
 */
public final class LockoptsRaceFixed {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer mem = MPI.newIntBuffer(LockoptsRace.SLOTS);
        Win win = new Win(mem, LockoptsRace.SLOTS, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer buf = MPI.newIntBuffer(1);
        MPI.COMM_WORLD.barrier();
        if (rank == 1) {
            buf.put(0, 41);
            win.lock(MPI.LOCK_SHARED, 0, 0);
            win.put(buf, 1, MPI.INT, 0, LockoptsRace.SLOT, 1, MPI.INT);
            win.unlock(0);
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 2) {
            win.lock(MPI.LOCK_SHARED, 0, 0);
            win.get(buf, 1, MPI.INT, 0, LockoptsRace.SLOT, 1, MPI.INT);
            win.unlock(0);
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
            int v = mem.get(LockoptsRace.SLOT);
            mem.put(LockoptsRace.SLOT, v + 1);
            win.unlock(0);
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("slot " + LockoptsRace.SLOT + " holds " + mem.get(LockoptsRace.SLOT));
        }
        win.free();
        MPI.Finalize();
    }
}
