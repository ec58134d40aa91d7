package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link SendRecvCycle}: each rank receives from its left neighbour, the one that sends to it. */
public final class SendRecvCycleFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] out = {rank};
        int[] in = {-1};
        MPI.COMM_WORLD.sendRecv(out, 1, MPI.INT, right, 5, in, 1, MPI.INT, left, 5);
        int[] sum = new int[1];
        MPI.COMM_WORLD.reduce(in, sum, 1, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("sum of received ranks: " + sum[0]);
        }
        MPI.Finalize();
    }
}
