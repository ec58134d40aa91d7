package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/** Correct twin of {@link AnySourceDeadlock}: workers report first, the manager receives from any. */
public final class AnySourceFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        if (rank == 0) {
            int sum = 0;
            for (int i = 1; i < size; i++) {
                int[] hello = new int[1];
                Status status = MPI.COMM_WORLD.recv(hello, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                sum += hello[0] * status.getTag();
            }
            System.out.println("workers reported: " + sum);
        } else {
            MPI.COMM_WORLD.send(new int[] {rank}, 1, MPI.INT, 0, 2);
        }
        MPI.Finalize();
    }
}
