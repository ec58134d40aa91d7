package org.mpiguard.programs.explore;

import java.util.List;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Buggy (message-race, confirmed by mpiguard explore): every worker sends the master one
 * result; the master folds them in the order they arrive (MPI.ANY_SOURCE) with an update
 * that depends on that order (total = total * 31 + value) and prints the total, so another
 * arrival order prints another number (it never asks the Status who sent, so the analysis
 * warns of the race). With argument {@code twin}, the master stores each result by
 * status.getSource() and folds them in rank order once all are in: the same total whatever
 * the order (harmless race; a receive whose source the program reads is not warned of, but
 * explore still replays it). With {@code reversed} the exchange runs on a
 * communicator whose ranks are the world's in reverse order (the master is the last world
 * rank): a replay must name the forced sender by its rank there, not its world rank.
 */
public final class MasterWorker {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        List<String> modes = List.of(args);
        boolean twin = modes.contains("twin");
        int worldRank = MPI.COMM_WORLD.getRank();
        int worldSize = MPI.COMM_WORLD.getSize();
        Intracomm comm = modes.contains("reversed") ? MPI.COMM_WORLD.split(0, worldSize - worldRank) : MPI.COMM_WORLD;
        int rank = comm.getRank();
        int size = comm.getSize();
        int[] value = new int[1];
        if (rank == 0) {
            long[] bySource = new long[size];
            long total = 0;
            for (int i = 1; i < size; i++) {
                Status s = comm.recv(value, 1, MPI.INT, MPI.ANY_SOURCE, 7); // RACE-RECV
                total = total * 31 + value[0];
                if (twin) {
                    bySource[s.getSource()] = value[0];
                }
            }
            if (twin) {
                total = 0;
                for (int q = 1; q < size; q++) {
                    total = total * 31 + bySource[q];
                }
            }
            System.out.println("total = " + total);
        } else {
            value[0] = rank * 10 + 1;
            comm.send(value, 1, MPI.INT, 0, 7); // RESULT-SEND
            System.out.println("worker " + rank + " sent " + value[0]);
        }
        if (comm != MPI.COMM_WORLD) {
            comm.free();
        }
        MPI.Finalize();
    }
}
