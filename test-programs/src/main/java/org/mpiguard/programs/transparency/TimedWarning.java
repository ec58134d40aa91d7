package org.mpiguard.programs.transparency;

import mpi.MPI;
import mpi.MPIException;

/**
 * A program whose output differs from run to run (it prints a timing, as benchmarks do)
 * and that the checker warns about (a buffer attached for buffered sends and never
 * detached: a resource-leak warning at Finalize). The transparency harness must call it
 * warned, not different: the timing line differs between two plain runs too.
 */
public final class TimedWarning {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        long start = System.nanoTime();
        MPI.attachBuffer(new byte[1 << 16]);
        MPI.COMM_WORLD.barrier();
        System.out.println("rank " + MPI.COMM_WORLD.getRank() + " barrier took " + (System.nanoTime() - start) + " ns");
        MPI.Finalize();
    }
}
