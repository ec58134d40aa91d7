package org.mpiguard.programs.args;

import mpi.MPI;

/** The twin of {@link EnvironmentArgs}: every call between one Init and one Finalize. Silent. */
public class EnvironmentArgsFixed {

    public static void main(String[] args) throws Exception {
        boolean before = MPI.isInitialized();
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
        System.out.println("rank " + rank + " initialised before: " + before + ", finalized: " + MPI.isFinalized());
    }
}
