package org.mpiguard.programs.waits;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** Correct twin of {@link WaitCycle}: both ranks start the send before waiting for the receive. */
public final class WaitCycleFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int other = 1 - rank;
        IntBuffer in = MPI.newIntBuffer(1);
        IntBuffer out = MPI.newIntBuffer(1).put(0, rank + 10);
        Request incoming = MPI.COMM_WORLD.iRecv(in, 1, MPI.INT, other, 1);
        Request outgoing = MPI.COMM_WORLD.iSend(out, 1, MPI.INT, other, 1);
        incoming.waitFor();
        outgoing.waitFor();
        if (rank == 0) {
            System.out.println("rank 0 received " + in.get(0));
        }
        MPI.Finalize();
    }
}
