package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: each rank's sendRecv sends to its right neighbour but also receives from its
 * right neighbour, which sends elsewhere; every receive waits for the next rank round the
 * ring, so all ranks hang in sendRecv. Twin: {@link SendRecvCycleFixed}.
 */
public final class SendRecvCycle {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        int[] out = {rank};
        int[] in = {-1};
        MPI.COMM_WORLD.sendRecv(out, 1, MPI.INT, right, 5, in, 1, MPI.INT, right, 5); // DEADLOCK-SITE
        int[] sum = new int[1];
        MPI.COMM_WORLD.reduce(in, sum, 1, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("sum of received ranks: " + sum[0]);
        }
        MPI.Finalize();
    }
}
