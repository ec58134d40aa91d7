package org.mpiguard.programs.predicted;

import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy (predicted-deadlock under zero buffering): three ranks pass one int round a ring,
 * each sending to the next before receiving; rank 0 receives from {@code MPI.ANY_SOURCE}.
 * Eager buffering completes it; without buffering every rank waits in its send. With
 * argument {@code twin} rank 0 receives before it sends, which breaks the cycle.
 */
public final class WildcardRing {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean twin = args.length > 0 && args[0].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] out = {rank};
        int[] in = new int[1];
        if (rank == 0) {
            if (twin) {
                MPI.COMM_WORLD.recv(in, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            }
            MPI.COMM_WORLD.send(out, 1, MPI.INT, 1, 0); // FIRST-SEND
            if (!twin) {
                MPI.COMM_WORLD.recv(in, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            }
        } else {
            MPI.COMM_WORLD.send(out, 1, MPI.INT, (rank + 1) % size, 0); // RING-SEND
            MPI.COMM_WORLD.recv(in, 1, MPI.INT, rank - 1, 0);
        }
        System.out.println("rank " + rank + " got " + in[0]);
        MPI.Finalize();
    }
}
