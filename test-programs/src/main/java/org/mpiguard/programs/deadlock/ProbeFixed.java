package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/** Correct twin of {@link ProbeDeadlock}: rank 0 sends first, rank 1 replies after its probe. */
public final class ProbeFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int other = 1 - rank;
        int[] mine = new int[rank + 2];
        if (rank == 0) {
            MPI.COMM_WORLD.send(mine, mine.length, MPI.INT, other, 4);
        }
        Status incoming = MPI.COMM_WORLD.probe(other, 4);
        int[] theirs = new int[incoming.getCount(MPI.INT)];
        MPI.COMM_WORLD.recv(theirs, theirs.length, MPI.INT, other, 4);
        if (rank == 1) {
            MPI.COMM_WORLD.send(mine, mine.length, MPI.INT, other, 4);
        }
        if (rank == 0) {
            System.out.println("rank 0 received " + theirs.length + " ints");
        }
        MPI.Finalize();
    }
}
