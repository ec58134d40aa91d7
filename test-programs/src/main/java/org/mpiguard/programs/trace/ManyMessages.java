package org.mpiguard.programs.trace;

import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 sends {@link #MESSAGES} one-int messages to rank 1: some 1.5 MB of trace on rank 0
 * and 2.6 MB on rank 1, more than a small {@code trace-max} lets a rank record. A correct
 * program: the cap must stop the recording, never the program.
 */
public final class ManyMessages {
    static final int MESSAGES = 30_000;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int[] value = new int[1];
        switch (MPI.COMM_WORLD.getRank()) {
            case 0 -> {
                for (value[0] = 0; value[0] < MESSAGES; value[0]++) {
                    MPI.COMM_WORLD.send(value, 1, MPI.INT, 1, 3);
                }
            }
            case 1 -> {
                for (int i = 0; i < MESSAGES; i++) {
                    MPI.COMM_WORLD.recv(value, 1, MPI.INT, 0, 3);
                }
            }
            default -> { }
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
