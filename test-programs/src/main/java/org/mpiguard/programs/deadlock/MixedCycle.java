package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: rank 0 enters a barrier before sending rank 1 its input, while rank 1 waits to
 * receive that input before it reaches the barrier: a cycle through a collective and a
 * receive. Twin: {@link MixedCycleFixed}.
 */
public final class MixedCycle {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] input = {0};
        if (rank == 0) {
            input[0] = 17;
            MPI.COMM_WORLD.barrier(); // DEADLOCK-SITE
            MPI.COMM_WORLD.send(input, 1, MPI.INT, 1, 3);
            System.out.println("input sent: " + input[0]);
        } else {
            MPI.COMM_WORLD.recv(input, 1, MPI.INT, 0, 3); // DEADLOCK-SITE
            MPI.COMM_WORLD.barrier();
        }
        MPI.Finalize();
    }
}
