package org.mpiguard.programs.rmarace;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy (after MPICH's lockopts test, revised as in MC-Checker's Table II): between two
 * barriers, rank 0 reads and updates slot 3 of its own window under a shared lock on
 * itself, rank 1 puts into that slot under a shared lock, rank 2 gets it under a shared
 * lock. Shared locks do not exclude each other and nothing else orders the three, so the
 * put races with the get and with rank 0's load and store: the result depends on timing.
 * Run with 3 ranks. Twin: {@link LockoptsRaceFixed}.
 */
public final class LockoptsRace {
    static final int SLOTS = 8;
    static final int SLOT = 3;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer mem = MPI.newIntBuffer(SLOTS);
        Win win = new Win(mem, SLOTS, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer buf = MPI.newIntBuffer(1);
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            win.lock(MPI.LOCK_SHARED, 0, 0);
            int v = mem.get(SLOT); // RMA: lockopts load
            mem.put(SLOT, v + 1); // RMA: lockopts store
            win.unlock(0);
        } else if (rank == 1) {
            buf.put(0, 41);
            win.lock(MPI.LOCK_SHARED, 0, 0);
            win.put(buf, 1, MPI.INT, 0, SLOT, 1, MPI.INT); // RMA: lockopts put
            win.unlock(0);
        } else if (rank == 2) {
            win.lock(MPI.LOCK_SHARED, 0, 0);
            win.get(buf, 1, MPI.INT, 0, SLOT, 1, MPI.INT); // RMA: lockopts get
            win.unlock(0);
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("slot " + SLOT + " holds " + mem.get(SLOT));
        }
        win.free();
        MPI.Finalize();
    }
}
