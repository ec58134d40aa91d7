package org.mpiguard.programs.explore;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Buggy (a message race whose alternative deadlocks, confirmed by mpiguard explore): rank 0
 * takes one message from MPI.ANY_SOURCE, then one from rank 2. Ranks 1 and 2 send one
 * message each; rank 2 waits a moment first, so the observed run takes rank 1's message
 * first and completes. Had the wildcard taken rank 2's, the receive from rank 2 would wait
 * forever (and rank 1's message would never be received). With argument {@code twin} the
 * second receive names whichever rank the first did not take (harmless race).
 */
public final class AlternativeDeadlocks {
    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        boolean twin = args.length > 0 && args[0].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        int[] a = new int[1];
        int[] b = new int[1];
        if (rank == 0) {
            Status first = MPI.COMM_WORLD.recv(a, 1, MPI.INT, MPI.ANY_SOURCE, 5); // RACE-RECV
            int other = twin ? 3 - first.getSource() : 2;
            MPI.COMM_WORLD.recv(b, 1, MPI.INT, other, 5); // SECOND-RECV
            System.out.println("sum = " + (a[0] + b[0]));
        } else if (rank == 1) {
            a[0] = 10;
            MPI.COMM_WORLD.send(a, 1, MPI.INT, 0, 5); // EARLY-SEND
        } else if (rank == 2) {
            Thread.sleep(1000);
            a[0] = 20;
            MPI.COMM_WORLD.send(a, 1, MPI.INT, 0, 5); // LATE-SEND
        }
        MPI.Finalize();
    }
}
