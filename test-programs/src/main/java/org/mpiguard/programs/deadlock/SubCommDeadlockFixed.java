package org.mpiguard.programs.deadlock;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link SubCommDeadlock}: the upper half sends the seed before the world barrier. */
public final class SubCommDeadlockFixed {
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
                MPI.COMM_WORLD.recv(seed, 1, MPI.INT, halfSize, 9);
            }
            half.barrier();
            MPI.COMM_WORLD.barrier();
        } else {
            if (rank == halfSize) {
                MPI.COMM_WORLD.send(new int[] {99}, 1, MPI.INT, halfSize - 1, 9);
            }
            MPI.COMM_WORLD.barrier();
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
