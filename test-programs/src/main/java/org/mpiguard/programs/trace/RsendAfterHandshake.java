package org.mpiguard.programs.trace;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;

/**
 * Correct twin of {@link RsendNotReady}: rank 1 posts its receive, then sends rank 0 a
 * "ready" message; rank 0 ready-sends only after receiving it, each of three rounds, by
 * rSend, irSend and a started rSendInit in turn. 2 ranks.
 */
public final class RsendAfterHandshake {
    static final int DATA = 0;
    static final int READY = 1;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] token = new int[1];
        if (rank == 1) {
            IntBuffer buf = MPI.newIntBuffer(1);
            for (int round = 0; round < 3; round++) {
                Request r = MPI.COMM_WORLD.iRecv(buf, 1, MPI.INT, 0, DATA);
                MPI.COMM_WORLD.send(token, 1, MPI.INT, 0, READY);
                r.waitFor();
                System.out.println("got " + buf.get(0));
            }
        } else if (rank == 0) {
            IntBuffer out = MPI.newIntBuffer(1).put(0, 42);
            Prequest persistent = MPI.COMM_WORLD.rSendInit(out, 1, MPI.INT, 1, DATA);
            MPI.COMM_WORLD.recv(token, 1, MPI.INT, 1, READY);
            MPI.COMM_WORLD.rSend(new int[] {42}, 1, MPI.INT, 1, DATA);
            MPI.COMM_WORLD.recv(token, 1, MPI.INT, 1, READY);
            MPI.COMM_WORLD.irSend(out, 1, MPI.INT, 1, DATA).waitFor();
            MPI.COMM_WORLD.recv(token, 1, MPI.INT, 1, READY);
            persistent.start();
            persistent.waitFor();
            persistent.free();
        }
        MPI.Finalize();
    }
}
