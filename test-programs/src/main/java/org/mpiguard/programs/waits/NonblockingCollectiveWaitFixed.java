package org.mpiguard.programs.waits;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** Correct twin of {@link NonblockingCollectiveWait}: rank 0 sends the go message before its wait. */
public final class NonblockingCollectiveWaitFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        IntBuffer mine = MPI.newIntBuffer(1).put(0, rank + 1);
        IntBuffer total = MPI.newIntBuffer(1);
        int[] go = new int[1];
        if (rank == size - 1) {
            MPI.COMM_WORLD.recv(go, 1, MPI.INT, 0, 4);
            MPI.COMM_WORLD.iAllReduce(mine, total, 1, MPI.INT, MPI.SUM).waitFor();
        } else {
            Request sum = MPI.COMM_WORLD.iAllReduce(mine, total, 1, MPI.INT, MPI.SUM);
            if (rank == 0) {
                MPI.COMM_WORLD.send(new int[] {1}, 1, MPI.INT, size - 1, 4);
            }
            sum.waitFor();
            if (rank == 0) {
                System.out.println("total: " + total.get(0));
            }
        }
        MPI.Finalize();
    }
}
