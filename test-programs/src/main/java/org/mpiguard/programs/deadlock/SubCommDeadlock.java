package org.mpiguard.programs.deadlock;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: the lower half of the ranks synchronise on their split communicator, but its
 * last member first waits for a message from the first rank of the upper half, which
 * sends it only after the world barrier that the lower half has not reached yet.
 * Twin: {@link SubCommDeadlockFixed}.
 */
public final class SubCommDeadlock {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int halfSize = size / 2;
        boolean lower = rank < halfSize;
        Intracomm half = MPI.COMM_WORLD.split(lower ? 0 : 1, rank);
        int[] seed = {0};
        if (lower) {
            if (rank == halfSize - 1) {
                MPI.COMM_WORLD.recv(seed, 1, MPI.INT, halfSize, 9); // DEADLOCK-SITE
            }
            half.barrier(); // DEADLOCK-SITE
            MPI.COMM_WORLD.barrier();
        } else {
            MPI.COMM_WORLD.barrier(); // DEADLOCK-SITE
            if (rank == halfSize) {
                MPI.COMM_WORLD.send(new int[] {99}, 1, MPI.INT, halfSize - 1, 9);
            }
        }
        int[] sum = new int[1];
        MPI.COMM_WORLD.reduce(seed, sum, 1, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("seed received: " + sum[0]);
        }
        half.free();
        MPI.Finalize();
    }
}
