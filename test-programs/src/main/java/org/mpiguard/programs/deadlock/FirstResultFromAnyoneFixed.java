package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/**
 * Correct twin of {@link FirstResultFromAnyone}: the master takes the first result from any
 * worker and then the others' results from any worker, counting them, so whichever arrives
 * first is never waited for again.
 */
public final class FirstResultFromAnyoneFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] value = {rank * 10};
        if (rank == 0) {
            int[] first = new int[1];
            MPI.COMM_WORLD.recv(first, 1, MPI.INT, MPI.ANY_SOURCE, FirstResultFromAnyone.RESULT);
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 1, FirstResultFromAnyone.GO);
            int sum = first[0];
            for (int received = 1; received < size - 1; received++) {
                MPI.COMM_WORLD.recv(value, 1, MPI.INT, MPI.ANY_SOURCE, FirstResultFromAnyone.RESULT);
                sum += value[0];
            }
            System.out.println("sum " + sum);
        } else {
            if (rank == 1) {
                MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 0, FirstResultFromAnyone.GO);
            }
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 0, FirstResultFromAnyone.RESULT);
        }
        MPI.Finalize();
    }
}
