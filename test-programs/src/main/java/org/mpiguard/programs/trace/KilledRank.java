package org.mpiguard.programs.trace;

import java.io.IOException;
import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 sends {@link #MESSAGES} messages to rank 1, tagged with their number; rank 1
 * receives {@link #BEFORE_KILL} of them and then kills itself with SIGKILL (no shutdown
 * hook, no flush: what an out-of-memory killer or a node failure does). mpirun then ends
 * the job. Rank 1's trace must still hold every event it recorded, up to its last receive.
 */
public final class KilledRank {
    static final int MESSAGES = 1000;
    static final int BEFORE_KILL = 300;

    public static void main(String[] args) throws MPIException, IOException, InterruptedException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] value = new int[1];
        if (rank == 0) {
            for (int i = 0; i < MESSAGES; i++) {
                MPI.COMM_WORLD.send(value, 1, MPI.INT, 1, i);
            }
        } else if (rank == 1) {
            for (int i = 0; i < BEFORE_KILL; i++) {
                MPI.COMM_WORLD.recv(value, 1, MPI.INT, 0, i); // LAST-EVENT-SITE
            }
            new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).start().waitFor();
            Thread.sleep(60_000); // SIGKILL is on its way
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
