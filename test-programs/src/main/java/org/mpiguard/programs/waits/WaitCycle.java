package org.mpiguard.programs.waits;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy: both ranks post a nonblocking receive from the other and wait for it before
 * sending, so each waits for a send that comes only after the other's wait.
 * Twin: {@link WaitCycleFixed}.
 */
public final class WaitCycle {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int other = 1 - rank;
        IntBuffer in = MPI.newIntBuffer(1);
        IntBuffer out = MPI.newIntBuffer(1).put(0, rank + 10);
        Request incoming = MPI.COMM_WORLD.iRecv(in, 1, MPI.INT, other, 1);
        incoming.waitFor(); // DEADLOCK-SITE
        Request outgoing = MPI.COMM_WORLD.iSend(out, 1, MPI.INT, other, 1);
        outgoing.waitFor();
        if (rank == 0) {
            System.out.println("rank 0 received " + in.get(0));
        }
        MPI.Finalize();
    }
}
