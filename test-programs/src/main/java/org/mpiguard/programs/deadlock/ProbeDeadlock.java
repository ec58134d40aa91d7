package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Buggy: both ranks probe for the other's message to size their receive buffer before
 * sending their own, so each waits in probe for a message that is never sent.
 * Twin: {@link ProbeFixed}.
 */
public final class ProbeDeadlock {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int other = 1 - rank;
        int[] mine = new int[rank + 2];
        Status incoming = MPI.COMM_WORLD.probe(other, 4); // DEADLOCK-SITE
        int[] theirs = new int[incoming.getCount(MPI.INT)];
        MPI.COMM_WORLD.send(mine, mine.length, MPI.INT, other, 4);
        MPI.COMM_WORLD.recv(theirs, theirs.length, MPI.INT, other, 4);
        if (rank == 0) {
            System.out.println("rank 0 received " + theirs.length + " ints");
        }
        MPI.Finalize();
    }
}
