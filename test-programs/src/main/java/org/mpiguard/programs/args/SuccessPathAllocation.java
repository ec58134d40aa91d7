package org.mpiguard.programs.args;

import java.lang.management.ManagementFactory;
import java.nio.IntBuffer;
import mpi.Comm;
import mpi.MPI;
import mpi.Win;

/**
 * Valid calls in a loop, measuring the bytes this thread allocates per call (HotSpot's
 * per-thread allocation counter), so a test can compare a run under the checker with a
 * plain one: the checks' success path must add nothing. Prints "ALLOCATED op bytes".
 */
public class SuccessPathAllocation {

    private static final int CALLS = 20_000;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Comm self = MPI.COMM_SELF;
        int[] data = new int[16];
        IntBuffer origin = MPI.newIntBuffer(4);
        int rank = MPI.COMM_WORLD.getRank();
        Win win = new Win(MPI.newIntBuffer(4), 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        win.lockAll(0);
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        for (int round = 0; round < 3; round++) {
            long before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < CALLS; i++) {
                MPI.COMM_WORLD.send(data, 16, MPI.INT, MPI.PROC_NULL, 5);
            }
            long sends = threads.getThreadAllocatedBytes(id) - before;
            before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < CALLS; i++) {
                self.bcast(data, 16, MPI.INT, 0);
            }
            long bcasts = threads.getThreadAllocatedBytes(id) - before;
            before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < CALLS; i++) {
                win.put(origin, 4, MPI.INT, rank, 0, 4, MPI.INT);
            }
            long puts = threads.getThreadAllocatedBytes(id) - before;
            if (round == 2 && rank == 0) {
                System.out.println("ALLOCATED Comm.send " + sends);
                System.out.println("ALLOCATED Comm.bcast " + bcasts);
                System.out.println("ALLOCATED Win.put " + puts);
            }
        }
        win.unlockAll();
        MPI.COMM_WORLD.barrier();
        win.free();
        MPI.Finalize();
    }
}
