package org.mpiguard.programs.waits;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy: a halo exchange on a ring that waits for both neighbours' halos with waitAll
 * before it starts sending its own, so every rank waits for sends that never start.
 * Twin: {@link WaitAllFixed}.
 */
public final class WaitAllDeadlock {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int left = (rank + size - 1) % size;
        int right = (rank + 1) % size;
        IntBuffer fromLeft = MPI.newIntBuffer(1);
        IntBuffer fromRight = MPI.newIntBuffer(1);
        IntBuffer edge = MPI.newIntBuffer(1).put(0, rank);
        Request[] halos = {
            MPI.COMM_WORLD.iRecv(fromLeft, 1, MPI.INT, left, 0),
            MPI.COMM_WORLD.iRecv(fromRight, 1, MPI.INT, right, 1),
        };
        Request.waitAll(halos); // DEADLOCK-SITE
        Request[] sends = {
            MPI.COMM_WORLD.iSend(edge, 1, MPI.INT, right, 0),
            MPI.COMM_WORLD.iSend(edge, 1, MPI.INT, left, 1),
        };
        Request.waitAll(sends);
        if (rank == 0) {
            System.out.println("halos of rank 0: " + fromLeft.get(0) + " " + fromRight.get(0));
        }
        MPI.Finalize();
    }
}
