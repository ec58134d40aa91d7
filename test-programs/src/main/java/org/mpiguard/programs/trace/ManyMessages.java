package org.mpiguard.programs.trace;

import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 sends {@link #MESSAGES} one-int messages to rank 1: some 1.5 MB of trace on rank 0
 * and 2.6 MB on rank 1, more than a small {@code trace-max} lets a rank record. Their tags
 * follow no step, so each event is a whole record (a loop of like events would take 8 bytes
 * each). A correct program: the cap must stop the recording, never the program.
 */
public final class ManyMessages {
    static final int MESSAGES = 30_000;

    /** A tag in [0, 32767] (the least upper bound MPI allows) that takes no fixed step from one message to the next. */
    private static int tag(int message) {
        return Integer.reverse(message) >>> 17;
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int[] value = new int[1];
        switch (MPI.COMM_WORLD.getRank()) {
            case 0 -> {
                for (value[0] = 0; value[0] < MESSAGES; value[0]++) {
                    MPI.COMM_WORLD.send(value, 1, MPI.INT, 1, tag(value[0]));
                }
            }
            case 1 -> {
                for (int i = 0; i < MESSAGES; i++) {
                    MPI.COMM_WORLD.recv(value, 1, MPI.INT, 0, tag(i));
                }
            }
            default -> { }
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
