package org.mpiguard.programs.correct;

import mpi.MPI;
import mpi.MPIException;

/**
 * Correct: reads its own command line from MPI.INFO_ENV, as Open MPI's tests do (the
 * command is the main class, argv the program's arguments). Rank 0 prints both.
 */
public final class LaunchCommand {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        if (MPI.COMM_WORLD.getRank() == 0) {
            System.out.println("command " + MPI.INFO_ENV.get("command") + ", argv " + MPI.INFO_ENV.get("argv"));
        }
        MPI.Finalize();
    }
}
