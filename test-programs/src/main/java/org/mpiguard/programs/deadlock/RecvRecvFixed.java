package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link RecvRecvDeadlock}: even ranks send first, odd ranks receive first. */
public final class RecvRecvFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] out = {rank};
        int[] in = {-1};
        if (rank % 2 == 0) {
            MPI.COMM_WORLD.send(out, 1, MPI.INT, left, 7);
            MPI.COMM_WORLD.recv(in, 1, MPI.INT, right, 7);
        } else {
            MPI.COMM_WORLD.recv(in, 1, MPI.INT, right, 7);
            MPI.COMM_WORLD.send(out, 1, MPI.INT, left, 7);
        }
        int[] all = new int[size];
        MPI.COMM_WORLD.gather(in, 1, MPI.INT, all, 1, MPI.INT, 0);
        if (rank == 0) {
            System.out.println("received from the right: " + java.util.Arrays.toString(all));
        }
        MPI.Finalize();
    }
}
