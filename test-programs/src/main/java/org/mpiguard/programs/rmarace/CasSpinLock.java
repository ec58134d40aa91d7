package org.mpiguard.programs.rmarace;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Correct (MPI-3 passive target): ranks 0 and 2 increment a counter in rank 1's window under
 * lockAll, each increment inside a spin lock taken by compare-and-swap on another word of that
 * window and released the same way, with flushes between. The lock orders the increments
 * through window data; the check cannot see that order, so it may warn, never err. With the
 * argument {@code unlocked} (the buggy twin) the increments skip the lock.
 */
public final class CasSpinLock {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean locked = args.length == 0 || !args[0].equals("unlocked");
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer window = MPI.newIntBuffer(2); // slot 0: the lock word, slot 1: the counter (on rank 1)
        Win win = new Win(window, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer one = MPI.newIntBuffer(1).put(0, 1);
        IntBuffer zero = MPI.newIntBuffer(1).put(0, 0);
        IntBuffer old = MPI.newIntBuffer(1);
        IntBuffer value = MPI.newIntBuffer(1);
        MPI.COMM_WORLD.barrier();
        if (rank != 1) {
            win.lockAll(0);
            for (int i = 0; i < 3; i++) {
                while (locked) {
                    win.compareAndSwap(one, zero, old, MPI.INT, 1, 0);
                    win.flush(1);
                    if (old.get(0) == 0) {
                        break;
                    }
                }
                win.get(value, 1, MPI.INT, 1, 1, 1, MPI.INT); // RMA: counter read
                win.flush(1);
                value.put(0, value.get(0) + 1);
                win.put(value, 1, MPI.INT, 1, 1, 1, MPI.INT); // RMA: counter write
                win.flush(1);
                if (locked) {
                    win.compareAndSwap(zero, one, old, MPI.INT, 1, 0);
                    win.flush(1);
                }
            }
            win.unlockAll();
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 1) {
            win.lock(MPI.LOCK_SHARED, 1, 0);
            System.out.println("counter " + window.get(1));
            win.unlock(1);
        }
        win.free();
        MPI.Finalize();
    }
}
