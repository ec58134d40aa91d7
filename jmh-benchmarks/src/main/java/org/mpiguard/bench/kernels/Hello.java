package org.mpiguard.bench.kernels;

import mpi.MPI;
import mpi.MPIException;

/** The smallest MPI program: what a JVM pays to start, Init, Finalize and exit. */
public final class Hello {

    private Hello() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        if (rank == 0) {
            System.out.println("hello from " + size + " rank(s)");
        }
        MPI.Finalize();
    }
}
