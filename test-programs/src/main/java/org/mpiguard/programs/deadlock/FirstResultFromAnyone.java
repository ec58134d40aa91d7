package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: the master takes a first result from any worker (to start early), then collects
 * each worker's result by rank; the result the wildcard receive took is the one missing
 * when its sender's turn comes, so the master waits for a message its sender never sends
 * again. Rank 1 sends only after the master's go, so the wildcard receive always takes rank
 * 2's result (with a free order it would take either: a message race). Twin:
 * {@link FirstResultFromAnyoneFixed}.
 */
public final class FirstResultFromAnyone {
    static final int RESULT = 3;
    static final int GO = 4;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] value = {rank * 10};
        if (rank == 0) {
            int[] first = new int[1];
            MPI.COMM_WORLD.recv(first, 1, MPI.INT, MPI.ANY_SOURCE, RESULT); // WILDCARD-SITE
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 1, GO);
            int sum = 0;
            for (int worker = 1; worker < size; worker++) {
                MPI.COMM_WORLD.recv(value, 1, MPI.INT, worker, RESULT); // DEADLOCK-SITE
                sum += value[0];
            }
            System.out.println("sum " + sum);
        } else {
            if (rank == 1) {
                MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 0, GO);
            }
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 0, RESULT);
        }
        MPI.Finalize(); // FINISHED-SITE
    }
}
