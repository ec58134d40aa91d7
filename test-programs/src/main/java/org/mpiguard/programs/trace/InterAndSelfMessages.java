package org.mpiguard.programs.trace;

import java.nio.IntBuffer;

import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Correct (silent with traces on): messages on communicators the trace cannot name by a
 * world-wide identity. The even and the odd ranks form two groups joined by an
 * intercommunicator; each rank swaps a value with the rank of the same place in the other
 * group ({@code sendRecvReplace}, whose peer is a rank of the remote group), then sends one
 * to itself on COMM_SELF. Open MPI's Java suite (communicator/InterComm) does the first.
 * Run with an even number of ranks.
 */
public final class InterAndSelfMessages {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        Intracomm half = MPI.COMM_WORLD.split(rank % 2, rank);
        Intercomm inter = MPI.COMM_WORLD.createIntercomm(half, 0, rank % 2 == 0 ? 1 : 0, 5);
        int[] value = {rank};
        inter.sendRecvReplace(value, 1, MPI.INT, half.getRank(), 7, half.getRank(), 7);
        int partner = rank % 2 == 0 ? rank + 1 : rank - 1;
        IntBuffer mine = MPI.newIntBuffer(1).put(0, rank * 10);
        int[] back = new int[1];
        Request sent = MPI.COMM_SELF.iSend(mine, 1, MPI.INT, 0, 3);
        MPI.COMM_SELF.recv(back, 1, MPI.INT, 0, 3);
        sent.waitFor();
        System.out.println("rank " + rank + (value[0] == partner && back[0] == rank * 10 ? " ok" : " WRONG"));
        inter.free();
        half.free();
        MPI.Finalize();
    }
}
