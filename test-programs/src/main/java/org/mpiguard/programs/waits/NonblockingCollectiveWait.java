package org.mpiguard.programs.waits;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy: all ranks but the last start an iAllReduce and wait for it; the last rank first
 * waits in recv for a message rank 0 sends only after its wait, so the reduction can
 * never complete. Twin: {@link NonblockingCollectiveWaitFixed}.
 */
public final class NonblockingCollectiveWait {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        IntBuffer mine = MPI.newIntBuffer(1).put(0, rank + 1);
        IntBuffer total = MPI.newIntBuffer(1);
        int[] go = new int[1];
        if (rank == size - 1) {
            MPI.COMM_WORLD.recv(go, 1, MPI.INT, 0, 4); // DEADLOCK-SITE
            MPI.COMM_WORLD.iAllReduce(mine, total, 1, MPI.INT, MPI.SUM).waitFor();
        } else {
            Request sum = MPI.COMM_WORLD.iAllReduce(mine, total, 1, MPI.INT, MPI.SUM);
            sum.waitFor(); // DEADLOCK-SITE
            if (rank == 0) {
                MPI.COMM_WORLD.send(new int[] {1}, 1, MPI.INT, size - 1, 4);
                System.out.println("total: " + total.get(0));
            }
        }
        MPI.Finalize();
    }
}
