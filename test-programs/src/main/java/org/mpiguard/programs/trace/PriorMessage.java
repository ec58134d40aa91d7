package org.mpiguard.programs.trace;

import mpi.MPI;
import mpi.MPIException;

/**
 * Correct: a race that cannot happen because of a prior message. Rank 0 takes rank 1's
 * message with an ANY_SOURCE receive, and only then tells rank 2 to go; rank 2 sends
 * after it heard, so its message can never be the one the first receive takes. With
 * argument {@code buggy} rank 0 sends the go before its first receive, and rank 2's
 * message races with rank 1's.
 */
public final class PriorMessage {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean buggy = args.length > 0 && args[0].equals("buggy");
        int rank = MPI.COMM_WORLD.getRank();
        int[] value = new int[1];
        if (rank == 0) {
            if (buggy) {
                MPI.COMM_WORLD.send(value, 1, MPI.INT, 2, 1);
            }
            MPI.COMM_WORLD.recv(value, 1, MPI.INT, MPI.ANY_SOURCE, 2); // RECV-SITE
            if (!buggy) {
                MPI.COMM_WORLD.send(value, 1, MPI.INT, 2, 1);
            }
            MPI.COMM_WORLD.recv(value, 1, MPI.INT, MPI.ANY_SOURCE, 2);
        } else if (rank == 1) {
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 0, 2); // SEND-SITE-1
        } else if (rank == 2) {
            MPI.COMM_WORLD.recv(value, 1, MPI.INT, 0, 1);
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 0, 2); // SEND-SITE-2
        }
        MPI.Finalize();
    }
}
