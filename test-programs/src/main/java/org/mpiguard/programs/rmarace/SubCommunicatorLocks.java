package org.mpiguard.programs.rmarace;

import java.nio.IntBuffer;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Correct: four ranks split into two halves (world ranks 0 and 2, 1 and 3), each half makes a
 * window of its own, and both ranks of a half put into slot 0 of its rank 1 (world rank 2 or
 * 3) under exclusive locks, which order the two puts. Every rank and lock target the program
 * names is a rank of its half: the checker must take rank 1 of the half as world rank 2 or 3
 * for the locks as for the puts, or the locks would seem to protect another rank's window.
 * With the argument {@code race} (the buggy twin) the locks are shared, and in each half the
 * two puts race. Run with 4 ranks.
 */
public final class SubCommunicatorLocks {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int lockType = args.length > 0 && args[0].equals("race") ? MPI.LOCK_SHARED : MPI.LOCK_EXCLUSIVE;
        int world = MPI.COMM_WORLD.getRank();
        Intracomm half = MPI.COMM_WORLD.split(world % 2, world);
        int rank = half.getRank();
        IntBuffer mem = MPI.newIntBuffer(4);
        // one half after the other: Open MPI 4.1's osc/rdma names a window's shared-memory segment
        // by node, job and communicator id only, and split halves share that id; made at once, one
        // half's Win_create can fail (open: No such file or directory), with or without the checker
        Win win = null;
        for (int turn = 0; turn < 2; turn++) {
            if (world % 2 == turn) {
                win = new Win(mem, 4, 1, MPI.INFO_NULL, half);
            }
            MPI.COMM_WORLD.barrier();
        }
        IntBuffer value = MPI.newIntBuffer(1).put(0, 100 + world);
        half.barrier();
        win.lock(lockType, 1, 0);
        if (rank == 0) {
            win.put(value, 1, MPI.INT, 1, 0, 1, MPI.INT); // RMA: half first put
        } else {
            win.put(value, 1, MPI.INT, 1, 0, 1, MPI.INT); // RMA: half second put
        }
        win.unlock(1);
        half.barrier();
        if (rank == 1) {
            win.lock(MPI.LOCK_SHARED, 1, 0);
            int v = mem.get(0);
            win.unlock(1);
            System.out.println("world rank " + world + " holds " + (v == 100 + world || v == 100 + world - 2));
        }
        win.free();
        half.free();
        MPI.Finalize();
    }
}
