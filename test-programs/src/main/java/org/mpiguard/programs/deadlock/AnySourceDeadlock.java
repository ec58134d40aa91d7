package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: a manager/worker start-up in which every rank, the manager included, waits
 * for a message from any rank before anyone sends one. Twin: {@link AnySourceFixed}.
 */
public final class AnySourceDeadlock {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int[] hello = new int[1];
        MPI.COMM_WORLD.recv(hello, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG); // DEADLOCK-SITE
        MPI.COMM_WORLD.send(hello, 1, MPI.INT, 0, 1);
        MPI.Finalize();
    }
}
