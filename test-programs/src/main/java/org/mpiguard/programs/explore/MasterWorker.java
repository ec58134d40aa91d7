package org.mpiguard.programs.explore;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Buggy (message-race, confirmed by mpiguard explore): every worker sends rank 0 one
 * result; rank 0 folds them in the order they arrive (MPI.ANY_SOURCE) with an update that
 * depends on that order (acc = acc * 31 + value) and prints the total, so another arrival
 * order prints another number. With argument {@code twin}, rank 0 stores each result by
 * status.getSource() and folds them in rank order once all are in: the same total whatever
 * the order (harmless race).
 */
public final class MasterWorker {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean twin = args.length > 0 && args[0].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] value = new int[1];
        if (rank == 0) {
            long[] bySource = new long[size];
            long total = 0;
            for (int i = 1; i < size; i++) {
                Status s = MPI.COMM_WORLD.recv(value, 1, MPI.INT, MPI.ANY_SOURCE, 7); // RACE-RECV
                total = total * 31 + value[0];
                bySource[s.getSource()] = value[0];
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
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 0, 7); // RESULT-SEND
            System.out.println("worker " + rank + " sent " + value[0]);
        }
        MPI.Finalize();
    }
}
