package org.mpiguard.programs.buffers;

import java.nio.ByteBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * A bandwidth benchmark's loop: rank 1 posts a window of receives into one buffer, rank 0
 * sends as many messages, both wait for all of them and count what arrived. Which message
 * the buffer holds at the end is undefined (it is never read for its data): a warning at the
 * second receive, and the run goes on as without the checker.
 */
public final class ManyReceivesOneBuffer {
    static final int WINDOW = 16;
    static final int SIZE = 1024;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        ByteBuffer buf = ByteBuffer.allocateDirect(SIZE);
        Request[] window = new Request[WINDOW];
        int bytes = 0;
        for (int round = 0; round < 3; round++) {
            for (int j = 0; j < WINDOW; j++) {
                if (rank == 0) {
                    window[j] = MPI.COMM_WORLD.iSend(buf, SIZE, MPI.BYTE, 1, 100);
                } else if (rank == 1) {
                    window[j] = MPI.COMM_WORLD.iRecv(buf, SIZE, MPI.BYTE, 0, 100); // ACCESS-SITE
                }
            }
            if (rank <= 1) {
                Request.waitAll(window);
                bytes += WINDOW * SIZE;
            }
        }
        if (rank == 1) {
            System.out.println("rank 1 received " + bytes + " bytes");
        }
        MPI.Finalize();
    }
}
