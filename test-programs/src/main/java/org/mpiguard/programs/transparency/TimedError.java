package org.mpiguard.programs.transparency;

import mpi.MPI;
import mpi.MPIException;

/**
 * A program whose output differs from run to run (it prints a timing) and that sends more
 * elements than its array holds (a buf.overflow error: the checker ends the job). The
 * transparency harness must call it different: that the timing line differs between two
 * plain runs does not excuse the changed exit code.
 */
public final class TimedError {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        long start = System.nanoTime();
        MPI.COMM_WORLD.barrier();
        System.out.println("rank " + rank + " barrier took " + (System.nanoTime() - start) + " ns");
        System.out.flush();
        int[] data = new int[4];
        if (rank == 0) {
            MPI.COMM_WORLD.send(data, 8, MPI.INT, 1, 0);
        } else if (rank == 1) {
            MPI.COMM_WORLD.recv(new int[8], 8, MPI.INT, 0, 0);
        }
        MPI.Finalize();
    }
}
