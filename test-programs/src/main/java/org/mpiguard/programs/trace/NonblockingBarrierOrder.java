package org.mpiguard.programs.trace;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Correct: a race a nonblocking barrier rules out. Rank 0 takes one message with an
 * ANY_SOURCE receive, then enters an {@code iBarrier} and waits for it; rank 2 sends
 * before the barrier, rank 1 only after its wait for the barrier returned, which needs rank
 * 0 to have entered it, after its receive: rank 1's message can never be the one the first
 * receive takes. Seeing that needs the barrier's completion, the wait of its request, in
 * the trace. With argument {@code buggy} rank 1 sends before waiting for the barrier, and
 * its message races with rank 2's. Run with 3 ranks.
 */
public final class NonblockingBarrierOrder {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean buggy = args.length > 0 && args[0].equals("buggy");
        int rank = MPI.COMM_WORLD.getRank();
        int[] value = new int[1];
        if (rank == 0) {
            MPI.COMM_WORLD.recv(value, 1, MPI.INT, MPI.ANY_SOURCE, 2); // RECV-SITE
            MPI.COMM_WORLD.iBarrier().waitFor();
            MPI.COMM_WORLD.recv(value, 1, MPI.INT, MPI.ANY_SOURCE, 2);
        } else if (rank == 1) {
            Request barrier = MPI.COMM_WORLD.iBarrier();
            if (buggy) {
                MPI.COMM_WORLD.send(value, 1, MPI.INT, 0, 2); // SEND-SITE-1
            }
            barrier.waitFor();
            if (!buggy) {
                MPI.COMM_WORLD.send(value, 1, MPI.INT, 0, 2);
            }
        } else if (rank == 2) {
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 0, 2); // SEND-SITE-2
            MPI.COMM_WORLD.iBarrier().waitFor();
        }
        MPI.Finalize();
    }
}
