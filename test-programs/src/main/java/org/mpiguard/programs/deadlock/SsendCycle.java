package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: every rank makes a synchronous send to its right neighbour before receiving.
 * A synchronous send completes only when the receive starts, so all ranks hang in
 * sSend. Twin: {@link SsendCycleFixed}.
 */
public final class SsendCycle {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] token = {rank};
        MPI.COMM_WORLD.sSend(token, 1, MPI.INT, (rank + 1) % size, 3); // DEADLOCK-SITE
        MPI.COMM_WORLD.recv(token, 1, MPI.INT, (rank + size - 1) % size, 3);
        MPI.Finalize();
    }
}
