package org.mpiguard.programs.rmaonline;

import java.nio.DoubleBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Win;

/**
 * Buggy: a request-based put (rPut, under lockAll) whose origin buffer rank 1 writes
 * before the request's wait. Twin: {@link RequestPutOriginWrittenFixed}.
 */
public final class RequestPutOriginWritten {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        DoubleBuffer window = MPI.newDoubleBuffer(4);
        Win win = new Win(window, 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        DoubleBuffer origin = MPI.newDoubleBuffer(4);
        for (int i = 0; i < 4; i++) {
            origin.put(i, rank + i / 10.0);
        }
        MPI.COMM_WORLD.barrier();
        win.lockAll(0);
        Request request = win.rPut(origin, 4, MPI.DOUBLE, (rank + 1) % size, 0, 4, MPI.DOUBLE); // POST-SITE
        if (rank == 1) {
            origin.put(3, -1.0); // ACCESS-SITE
        }
        request.waitFor();
        win.unlockAll();
        MPI.COMM_WORLD.barrier();
        System.out.println("rank " + rank + " has " + window.get(3));
        win.free();
        MPI.Finalize();
    }
}
