package org.mpiguard.programs.trace;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy (message-race): ranks 1, 2 and 3 each send one message to rank 0, which takes
 * them with three receives from MPI.ANY_SOURCE and treats the first as special (the sender
 * it reads from the data, not from the Status): which sender comes first is up to the
 * network. With argument {@code twin} rank 0 names the source of each receive (no race).
 */
public final class ThreeSenders {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean twin = args.length > 0 && args[0].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        int[] value = new int[1];
        if (rank == 0) {
            int first = -1;
            for (int i = 1; i <= 3; i++) {
                MPI.COMM_WORLD.recv(value, 1, MPI.INT, twin ? i : MPI.ANY_SOURCE, 3); // RECV-SITE
                if (first < 0) {
                    first = value[0];
                }
            }
            System.out.println("first " + (twin ? 1 : 0));
        } else if (rank <= 3) {
            value[0] = rank;
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 0, 3); // SEND-SITE
        }
        MPI.Finalize();
    }
}
