package org.mpiguard.programs.trace;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy (message-race) behind a barrier that does not order it: rank 1 sends before the
 * barrier, rank 2 after it, and rank 0 posts its first ANY_SOURCE receive after the
 * barrier too, so either message can be the first it takes. With argument {@code twin}
 * rank 0 takes its first receive before the barrier: rank 2's message is then sent after
 * that receive has completed, and only rank 1's can match it.
 */
public final class BarrierRace {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean twin = args.length > 0 && args[0].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        int[] value = new int[1];
        if (rank == 0) {
            if (twin) {
                MPI.COMM_WORLD.recv(value, 1, MPI.INT, MPI.ANY_SOURCE, 4);
                MPI.COMM_WORLD.barrier();
            } else {
                MPI.COMM_WORLD.barrier();
                MPI.COMM_WORLD.recv(value, 1, MPI.INT, MPI.ANY_SOURCE, 4); // RECV-SITE
            }
            MPI.COMM_WORLD.recv(value, 1, MPI.INT, MPI.ANY_SOURCE, 4);
        } else if (rank == 1) {
            value[0] = 1;
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 0, 4); // SEND-SITE-1
            MPI.COMM_WORLD.barrier();
        } else if (rank == 2) {
            MPI.COMM_WORLD.barrier();
            value[0] = 2;
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 0, 4); // SEND-SITE-2
        } else {
            MPI.COMM_WORLD.barrier();
        }
        MPI.Finalize();
    }
}
