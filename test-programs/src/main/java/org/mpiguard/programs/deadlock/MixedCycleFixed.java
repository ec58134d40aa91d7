package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link MixedCycle}: rank 0 sends the input before the barrier. */
public final class MixedCycleFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] input = {0};
        if (rank == 0) {
            input[0] = 17;
            MPI.COMM_WORLD.send(input, 1, MPI.INT, 1, 3);
            MPI.COMM_WORLD.barrier();
            System.out.println("input sent: " + input[0]);
        } else {
            MPI.COMM_WORLD.recv(input, 1, MPI.INT, 0, 3);
            MPI.COMM_WORLD.barrier();
        }
        MPI.Finalize();
    }
}
