package org.mpiguard.programs.predicted;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy (predicted-deadlock, confirmed by a replay; 3 ranks): ranks 1 and 2 each send rank 0
 * a result; rank 0 takes the first from {@code MPI.ANY_SOURCE}, sends rank 1 its go-ahead,
 * then takes the second result. Rank 1 sends its result, then waits for the go-ahead. Rank 2
 * is slower here, so the wildcard takes rank 1's result first and every run completes. Had
 * rank 2's result come first, rank 0 would send the go-ahead while rank 1 is still in its
 * send of a result nobody receives yet: only Open MPI's buffering of small messages saves it.
 * The analysis predicts that deadlock with a witness that changes the wildcard's match, so
 * it is unconfirmed; a replay with that match forced and standard sends synchronous
 * deadlocks (rank 0 at GO-AHEAD, rank 1 at RESULT): an error. With argument {@code twin}
 * rank 0 sends the go-ahead to the rank whose result it took (named in the data, not read
 * from the Status, so the analysis cannot tell) and then to the other: the same prediction
 * from the trace, which the replay does not reproduce (the program follows the match).
 */
public final class GoAhead {
    static final int RESULT = 3;
    static final int GO = 4;

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        boolean twin = args.length > 0 && args[0].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        int[] result = {rank};
        int[] go = {1};
        if (rank == 0) {
            int[] first = new int[1];
            int[] second = new int[1];
            MPI.COMM_WORLD.recv(first, 1, MPI.INT, MPI.ANY_SOURCE, RESULT); // FIRST-RESULT
            int to = twin ? first[0] : 1;
            MPI.COMM_WORLD.send(go, 1, MPI.INT, to, GO); // GO-AHEAD
            MPI.COMM_WORLD.recv(second, 1, MPI.INT, MPI.ANY_SOURCE, RESULT); // SECOND-RESULT
            if (twin) {
                MPI.COMM_WORLD.send(go, 1, MPI.INT, 3 - to, GO); // SECOND-GO
            }
            System.out.println("results " + (first[0] + second[0]));
        } else if (rank <= 2) {
            if (rank == 2) {
                Thread.sleep(1000); // rank 2 computes longer here: its result comes second
            }
            MPI.COMM_WORLD.send(result, 1, MPI.INT, 0, RESULT); // RESULT
            if (rank == 1 || twin) {
                MPI.COMM_WORLD.recv(go, 1, MPI.INT, 0, GO);
            }
        }
        MPI.Finalize();
    }
}
