package org.mpiguard.programs.rmarace;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy: rank 0's window is a direct ByteBuffer; in a fence epoch rank 1 puts an int into
 * its slot 3 while rank 0 stores into the same slot through an {@code IntBuffer} view of a
 * slice of that memory: the window's bytes are found by address, so the view's store is
 * the target's store into its window ({@code rma.store-put}). With argument {@code twin}
 * rank 0 stores only after the closing fence. Run with 2 ranks.
 */
public final class ViewStoreRace {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean twin = args.length > 0 && args[0].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        ByteBuffer mem = ByteBuffer.allocateDirect(32).order(ByteOrder.nativeOrder());
        Win win = new Win(mem, 32, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer view = mem.position(8).slice().order(ByteOrder.nativeOrder()).asIntBuffer();
        IntBuffer value = MPI.newIntBuffer(1);
        value.put(0, 5);
        win.fence(0);
        if (rank == 1) {
            win.put(value, 1, MPI.INT, 0, 12, 1, MPI.INT); // RMA: view put
        }
        if (rank == 0 && !twin) {
            view.put(1, 6); // RMA: view store
        }
        win.fence(0);
        if (rank == 0 && twin) {
            view.put(1, view.get(1) + 1);
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("slot holds " + view.get(1));
        }
        win.free();
        MPI.Finalize();
    }
}
