package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link SsendSelf}: sendRecv posts the receive together with the send to itself. */
public final class SsendSelfFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] note = {rank + 1};
        int[] back = new int[1];
        if (rank == 0) {
            MPI.COMM_WORLD.sendRecv(note, 1, MPI.INT, 0, 2, back, 1, MPI.INT, 0, 2);
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("note to self: " + back[0]);
        }
        MPI.Finalize();
    }
}
