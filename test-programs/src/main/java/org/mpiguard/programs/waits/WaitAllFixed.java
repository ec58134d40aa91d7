package org.mpiguard.programs.waits;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** Correct twin of {@link WaitAllDeadlock}: receives and sends are all started before one waitAll. */
public final class WaitAllFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int left = (rank + size - 1) % size;
        int right = (rank + 1) % size;
        IntBuffer fromLeft = MPI.newIntBuffer(1);
        IntBuffer fromRight = MPI.newIntBuffer(1);
        IntBuffer edge = MPI.newIntBuffer(1).put(0, rank);
        Request[] all = {
            MPI.COMM_WORLD.iRecv(fromLeft, 1, MPI.INT, left, 0),
            MPI.COMM_WORLD.iRecv(fromRight, 1, MPI.INT, right, 1),
            MPI.COMM_WORLD.iSend(edge, 1, MPI.INT, right, 0),
            MPI.COMM_WORLD.iSend(edge, 1, MPI.INT, left, 1),
        };
        Request.waitAll(all);
        if (rank == 0) {
            System.out.println("halos of rank 0: " + fromLeft.get(0) + " " + fromRight.get(0));
        }
        MPI.Finalize();
    }
}
