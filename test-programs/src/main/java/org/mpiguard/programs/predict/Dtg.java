package org.mpiguard.programs.predict;

import mpi.MPI;
import mpi.MPIException;

/**
 * EMPDD's DTG example (its Table 2), five ranks, tag 0. Rank 0 takes two messages with
 * wildcard receives, sending to rank 3 between them. If rank 2's message (relayed from rank
 * 4) beats rank 1's, rank 1's send must wait for rank 0's second receive, which comes after
 * rank 0's send to rank 3, which waits for rank 3, which waits for rank 1. Expected:
 * predicted-deadlock under zero buffering on ranks 0, 1 and 3; none under infinite buffering.
 */
public final class Dtg {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] m = new int[1];
        switch (rank) {
            case 0 -> {
                MPI.COMM_WORLD.recv(m, 1, MPI.INT, MPI.ANY_SOURCE, 0); // PREDICT:dtg-0-recv-any
                MPI.COMM_WORLD.send(m, 1, MPI.INT, 3, 0); // PREDICT:dtg-0-send-3
                MPI.COMM_WORLD.recv(m, 1, MPI.INT, MPI.ANY_SOURCE, 0); // PREDICT:dtg-0-recv-any-2
            }
            case 1 -> {
                MPI.COMM_WORLD.send(m, 1, MPI.INT, 0, 0); // PREDICT:dtg-1-send-0
                MPI.COMM_WORLD.send(m, 1, MPI.INT, 3, 0); // PREDICT:dtg-1-send-3
            }
            case 2 -> {
                MPI.COMM_WORLD.recv(m, 1, MPI.INT, MPI.ANY_SOURCE, 0); // PREDICT:dtg-2-recv-any
                MPI.COMM_WORLD.send(m, 1, MPI.INT, 0, 0); // PREDICT:dtg-2-send-0
            }
            case 3 -> {
                MPI.COMM_WORLD.recv(m, 1, MPI.INT, 1, 0); // PREDICT:dtg-3-recv-1
                MPI.COMM_WORLD.recv(m, 1, MPI.INT, 0, 0); // PREDICT:dtg-3-recv-0
            }
            case 4 -> MPI.COMM_WORLD.send(m, 1, MPI.INT, 2, 0); // PREDICT:dtg-4-send-2
            default -> { }
        }
        MPI.Finalize();
    }
}
