package org.mpiguard.programs.rmarace;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Win;

/**
 * Buggy: under lockAll, rank 1 reads slot 1 of rank 0's window with {@code rGet} and tells
 * rank 2 it may overwrite the slot before waiting for the request; rank 2 then puts into
 * that slot (under its own lockAll). The get is complete at the target only when its
 * request's wait returns (or at unlockAll), so it races with the put ({@code rma.put-get}).
 * With argument {@code twin} rank 1 waits for the request before it tells rank 2: the
 * message orders the finished get before the put, and nothing is reported (which needs
 * the rGet's request id in the trace to be linked to its wait). Run with 3 ranks.
 */
public final class RequestGetOrder {
    static final int SLOT = 1;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean twin = args.length > 0 && args[0].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer mem = MPI.newIntBuffer(4);
        Win win = new Win(mem, 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer buf = MPI.newIntBuffer(1);
        int[] token = {1};
        MPI.COMM_WORLD.barrier();
        if (rank == 1) {
            win.lockAll(0);
            Request get = win.rGet(buf, 1, MPI.INT, 0, SLOT, 1, MPI.INT); // RMA: request get
            if (twin) {
                get.waitFor();
            }
            MPI.COMM_WORLD.send(token, 1, MPI.INT, 2, 0);
            if (!twin) {
                get.waitFor();
            }
            win.unlockAll();
        } else if (rank == 2) {
            MPI.COMM_WORLD.recv(token, 1, MPI.INT, 1, 0);
            buf.put(0, 9);
            win.lockAll(0);
            win.put(buf, 1, MPI.INT, 0, SLOT, 1, MPI.INT); // RMA: request put
            win.unlockAll();
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("slot " + SLOT + " holds " + mem.get(SLOT));
        }
        win.free();
        MPI.Finalize();
    }
}
