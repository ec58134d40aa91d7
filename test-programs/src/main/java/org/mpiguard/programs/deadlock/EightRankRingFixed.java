package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link EightRankRing}: rank 0 starts the pipeline by sending first. */
public final class EightRankRingFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int left = (rank + size - 1) % size;
        int right = (rank + 1) % size;
        int[] value = {0};
        if (rank == 0) {
            MPI.COMM_WORLD.send(value, 1, MPI.INT, right, 8);
        }
        MPI.COMM_WORLD.recv(value, 1, MPI.INT, left, 8);
        if (rank != 0) {
            value[0] += rank;
            MPI.COMM_WORLD.send(value, 1, MPI.INT, right, 8);
        }
        if (rank == 0) {
            System.out.println("value round the ring: " + value[0]);
        }
        MPI.Finalize();
    }
}
