package org.mpiguard.programs.rmarace;

import java.nio.IntBuffer;
import java.nio.LongBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Correct: ranks 0 and 2 put one int each into rank 1's window made by Win.allocate, in one
 * fence epoch, into slots 0 and 1. The bindings count the window's size and displacement unit
 * in elements of the buffer given for its address (a LongBuffer: 8 bytes), so the two puts
 * are 8 bytes apart and disjoint. With the argument {@code race} (the buggy twin) both put
 * into slot 0.
 */
public final class AllocatedWindowSlots {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int slot = args.length > 0 && args[0].equals("race") ? 0 : 1;
        int rank = MPI.COMM_WORLD.getRank();
        LongBuffer address = MPI.newLongBuffer(1);
        Win win = new Win(2, 1, MPI.INFO_NULL, MPI.COMM_WORLD, address, Win.FLAVOR_PRIVATE);
        IntBuffer value = MPI.newIntBuffer(1).put(0, 300 + rank);
        IntBuffer read = MPI.newIntBuffer(2);
        win.fence(0);
        if (rank == 0) {
            win.put(value, 1, MPI.INT, 1, 0, 1, MPI.INT); // RMA: first slot
        } else if (rank == 2) {
            win.put(value, 1, MPI.INT, 1, slot, 1, MPI.INT); // RMA: second slot
        }
        win.fence(0);
        if (rank == 1) {
            win.get(read, 1, MPI.INT, 1, 0, 1, MPI.INT);
        }
        win.fence(0);
        if (rank == 1) {
            System.out.println("slot 0 holds " + read.get(0));
        }
        win.free();
        MPI.Finalize();
    }
}
