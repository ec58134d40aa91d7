package org.mpiguard.programs.predicted;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy (predicted-deadlock under zero buffering): ranks 0 and 1 each send one int to the
 * other before receiving. Open MPI completes it because it buffers small messages eagerly;
 * a library (or a message size) that does not hangs both ranks in their sends. With
 * argument {@code twin} each rank exchanges through {@code sendRecv}, which MPI completes
 * under any buffering.
 */
public final class HeadToHead {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean twin = args.length > 0 && args[0].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        int[] out = {rank};
        int[] in = new int[1];
        if (twin && rank < 2) {
            MPI.COMM_WORLD.sendRecv(out, 1, MPI.INT, 1 - rank, 7, in, 1, MPI.INT, 1 - rank, 7); // SENDRECV
        } else if (rank == 0) {
            MPI.COMM_WORLD.send(out, 1, MPI.INT, 1, 7); // SEND-0
            MPI.COMM_WORLD.recv(in, 1, MPI.INT, 1, 7);
        } else if (rank == 1) {
            MPI.COMM_WORLD.send(out, 1, MPI.INT, 0, 7); // SEND-1
            MPI.COMM_WORLD.recv(in, 1, MPI.INT, 0, 7);
        }
        System.out.println("rank " + rank + " got " + in[0]);
        MPI.Finalize();
    }
}
