package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: rank 0 sends to itself with a synchronous send before posting the matching
 * receive; sSend waits for that receive, so rank 0 waits on itself and the other ranks
 * wait for rank 0 in the barrier. Twin: {@link SsendSelfFixed}.
 */
public final class SsendSelf {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] note = {rank + 1};
        int[] back = new int[1];
        if (rank == 0) {
            MPI.COMM_WORLD.sSend(note, 1, MPI.INT, 0, 2); // DEADLOCK-SITE
            MPI.COMM_WORLD.recv(back, 1, MPI.INT, 0, 2);
        }
        MPI.COMM_WORLD.barrier(); // DEADLOCK-SITE
        if (rank == 0) {
            System.out.println("note to self: " + back[0]);
        }
        MPI.Finalize();
    }
}
