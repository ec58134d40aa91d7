package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: every rank first receives from its right neighbour, then sends to its left.
 * No send is ever reached, so all ranks hang in recv. Twin: correct.RingExchange.
 */
public final class RecvRecvDeadlock {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] token = {rank};
        System.err.println("blocking at " + System.currentTimeMillis()); // lets a test time hang-to-finding
        MPI.COMM_WORLD.recv(token, 1, MPI.INT, right, 7); // DEADLOCK-SITE
        MPI.COMM_WORLD.send(token, 1, MPI.INT, left, 7);
        System.out.println("rank " + rank + " got " + token[0]);
        MPI.Finalize();
    }
}
