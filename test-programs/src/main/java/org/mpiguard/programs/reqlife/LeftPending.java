package org.mpiguard.programs.reqlife;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Four requests left incomplete at Finalize, one of each outcome MPI can report: rank 0's
 * small send that rank 1 received, and its large send nobody receives (past the eager
 * limit: MPI cannot finish it alone); rank 1's receive whose message arrived, and its
 * receive for a message nobody sends. Open MPI finalizes all of them without a crash or a
 * hang and the program's results are what it asked for: each is a warning, saying what
 * MPI had done with it.
 */
public final class LeftPending {
    static final int LARGE = 4 << 20;
    static final Request[] KEEP = new Request[2];

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        ByteBuffer small = ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder());
        if (rank == 0) {
            small.putInt(0, 42);
            KEEP[0] = MPI.COMM_WORLD.iSend(small, 1, MPI.INT, 1, 1); // DELIVERED
            KEEP[1] = MPI.COMM_WORLD.iSend(ByteBuffer.allocateDirect(LARGE), LARGE, MPI.BYTE, 1, 2); // UNDELIVERED
            MPI.COMM_WORLD.send(new int[] {7}, 1, MPI.INT, 1, 3);
        } else if (rank == 1) {
            ByteBuffer arrived = ByteBuffer.allocateDirect(8);
            KEEP[0] = MPI.COMM_WORLD.iRecv(arrived, 1, MPI.INT, 0, 3); // ARRIVED
            KEEP[1] = MPI.COMM_WORLD.iRecv(ByteBuffer.allocateDirect(8), 1, MPI.INT, 0, 4); // NOTHING
            int[] got = new int[1];
            MPI.COMM_WORLD.recv(got, 1, MPI.INT, 0, 1);
            System.out.println("rank 1 got " + got[0]);
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize(); // FINALIZE-SITE
    }
}
