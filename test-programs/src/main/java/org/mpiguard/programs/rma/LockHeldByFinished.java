package org.mpiguard.programs.rma;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy: rank 0 takes an exclusive lock on rank 2's window, updates it and goes to
 * Finalize without unlocking, so rank 1, which wants the same lock, waits for ever.
 * Rank 0 starts late, so rank 2 is already waiting in Finalize when the lock and the update
 * reach it: they complete only if Finalize keeps MPI progressing, as Open MPI's does.
 * Twin: {@link LockHeldByFinishedFixed}.
 */
public final class LockHeldByFinished {
    private static final int OWNER = 2;

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer counter = MPI.newIntBuffer(1);
        Win win = new Win(counter, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer one = MPI.newIntBuffer(1).put(0, 1);
        if (rank == 0) {
            Thread.sleep(1000);
            win.lock(MPI.LOCK_EXCLUSIVE, OWNER, 0);
            win.accumulate(one, 1, MPI.INT, OWNER, 0, 1, MPI.INT, MPI.SUM);
            win.flush(OWNER);
            MPI.COMM_WORLD.send(new int[] {1}, 1, MPI.INT, 1, 0);
            System.out.println("rank 0 updated the counter");
            MPI.Finalize(); // FINISHED-SITE
            return;
        }
        if (rank == 1) {
            MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 0, 0);
            win.lock(MPI.LOCK_EXCLUSIVE, OWNER, 0); // DEADLOCK-SITE
            win.accumulate(one, 1, MPI.INT, OWNER, 0, 1, MPI.INT, MPI.SUM);
            win.unlock(OWNER);
        }
        MPI.Finalize();
    }
}
