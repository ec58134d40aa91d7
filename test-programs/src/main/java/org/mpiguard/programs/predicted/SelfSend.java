package org.mpiguard.programs.predicted;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy (predicted-deadlock under zero buffering): every rank sends one int to itself with a
 * blocking send before it posts the receive. Open MPI buffers the small message and the run
 * completes; without buffering the send waits for a receive its own rank never reaches.
 * With argument {@code twin} each rank exchanges with itself through {@code sendRecv},
 * which MPI completes under any buffering.
 */
public final class SelfSend {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean twin = args.length > 0 && args[0].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        int[] out = {rank * 10};
        int[] in = new int[1];
        if (twin) {
            MPI.COMM_WORLD.sendRecv(out, 1, MPI.INT, rank, 4, in, 1, MPI.INT, rank, 4); // SENDRECV-SELF
        } else {
            MPI.COMM_WORLD.send(out, 1, MPI.INT, rank, 4); // SEND-SELF
            MPI.COMM_WORLD.recv(in, 1, MPI.INT, rank, 4); // RECV-SELF
        }
        System.out.println("rank " + rank + " got " + in[0]);
        MPI.Finalize();
    }
}
