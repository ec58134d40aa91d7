package org.mpiguard.programs.correct;

import mpi.MPI;
import mpi.MPIException;

/**
 * Correct: a program that ends its job on purpose with exit code 3 (as test suites do
 * when they find a wrong result). After a barrier, rank 0 calls abort; odd ranks are
 * then waiting inside MPI.Finalize and the other ranks are busy outside MPI (sleeping).
 * Nobody forgot MPI.Finalize: the job was ended for them, so nothing is said of it.
 */
public final class AbortOnPurpose {

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        System.out.println("rank " + rank + " reached the barrier");
        System.out.flush();
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            Thread.sleep(300);
            MPI.COMM_WORLD.abort(3);
        } else if (rank % 2 == 1) {
            MPI.Finalize();
        } else {
            long end = System.nanoTime() + 30_000_000_000L;
            while (System.nanoTime() < end) {
                Thread.sleep(1);
            }
            System.out.println("never printed");
        }
    }
}
