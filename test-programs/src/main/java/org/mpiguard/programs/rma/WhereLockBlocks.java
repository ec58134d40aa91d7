package org.mpiguard.programs.rma;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Experiment, not a test case: shows where Open MPI makes a second locker wait. Rank 0
 * locks the last rank's window (exclusive, or shared with argument {@code shared-first}),
 * puts and flushes, holds the lock for 4 s and unlocks; rank 1 asks for the lock after
 * 1 s (exclusive, or shared with argument {@code shared}), puts and unlocks. Every rank
 * prints each step with the time since a common start, so the output shows whether rank
 * 1 waits in lock, in put or in unlock. Run with 3 ranks (2 makes rank 1 the target).
 */
public final class WhereLockBlocks {
    private static long start;

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int target = MPI.COMM_WORLD.getSize() - 1;
        java.util.List<String> options = java.util.Arrays.asList(args);
        int firstType = options.contains("shared-first") ? MPI.LOCK_SHARED : MPI.LOCK_EXCLUSIVE;
        int secondType = options.contains("shared") ? MPI.LOCK_SHARED : MPI.LOCK_EXCLUSIVE;
        IntBuffer slots = MPI.newIntBuffer(2);
        Win win = new Win(slots, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer value = MPI.newIntBuffer(1).put(0, rank);
        long[] t0 = {System.currentTimeMillis()};
        MPI.COMM_WORLD.bcast(t0, 1, MPI.LONG, 0);
        start = t0[0];
        if (rank == 0) {
            say(rank, "lock " + name(firstType) + " on rank " + target);
            win.lock(firstType, target, 0);
            say(rank, "lock returned");
            win.put(value, 1, MPI.INT, target, 0, 1, MPI.INT);
            win.flush(target);
            say(rank, "put and flush returned; holding the lock for 4 s");
            Thread.sleep(4000);
            say(rank, "unlock");
            win.unlock(target);
            say(rank, "unlock returned");
        } else if (rank == 1) {
            Thread.sleep(1000);
            say(rank, "lock " + name(secondType) + " on rank " + target);
            win.lock(secondType, target, 0);
            say(rank, "lock returned");
            win.put(value, 1, MPI.INT, target, 1, 1, MPI.INT);
            say(rank, "put returned");
            win.unlock(target);
            say(rank, "unlock returned");
        }
        MPI.COMM_WORLD.barrier();
        win.free();
        MPI.Finalize();
    }

    private static String name(int lockType) {
        return lockType == MPI.LOCK_SHARED ? "shared" : "exclusive";
    }

    private static void say(int rank, String what) {
        System.out.printf("%5d ms  rank %d  %s%n", System.currentTimeMillis() - start, rank, what);
    }
}
