package org.mpiguard.programs.correct;

import mpi.MPI;
import mpi.MPIException;

/**
 * Correct: a little communication (an allReduce), a clean {@code MPI.Finalize}, and then
 * {@code System.exit(3)} on every rank. The exit code must pass through unchanged, so a
 * run is expected to end with status 3. Only rank 0 prints, just before Finalize (see
 * below). Plain mpirun adds its own "exited with non-zero status" notice on stderr.
 */
public final class ExitCode {
    private static final int EXIT_STATUS = 3;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] sum = new int[1];
        MPI.COMM_WORLD.allReduce(new int[] {rank + 1}, sum, 1, MPI.INT, MPI.SUM);
        // Rank 0 prints before Finalize: once any rank exits non-zero, mpirun kills the
        // others, so a line printed after Finalize could be lost. Finalize synchronizes,
        // so no rank can exit before this line has been written.
        if (rank == 0) {
            System.out.println("sum of rank+1 over " + size + " ranks: " + sum[0]
                    + "; exiting with " + EXIT_STATUS + " after Finalize");
            System.out.flush();
        }
        MPI.Finalize();
        System.exit(EXIT_STATUS);
    }
}
