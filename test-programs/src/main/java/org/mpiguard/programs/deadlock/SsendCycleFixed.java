package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/** Correct twin of {@link SsendCycle}: sendRecv pairs the send with its receive. */
public final class SsendCycleFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] out = {rank * 10};
        int[] in = {-1};
        Status status = MPI.COMM_WORLD.sendRecv(out, 1, MPI.INT, (rank + 1) % size, 3,
                in, 1, MPI.INT, (rank + size - 1) % size, 3);
        int[] sum = new int[1];
        MPI.COMM_WORLD.reduce(in, sum, 1, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("sum of received tokens: " + sum[0] + ", first from rank " + status.getSource());
        }
        MPI.Finalize();
    }
}
