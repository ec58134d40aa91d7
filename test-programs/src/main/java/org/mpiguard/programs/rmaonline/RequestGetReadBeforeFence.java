package org.mpiguard.programs.rmaonline;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Win;

/**
 * A request-based get inside a fence epoch whose result rank 1 reads before anything
 * completed it (neither its request's wait nor the closing fence): an error.
 * {@link RequestGetReadBeforeFenceFixed} reads after the fence, without waiting for the request.
 */
public final class RequestGetReadBeforeFence {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        IntBuffer mine = MPI.newIntBuffer(1).put(0, 10 * rank + 3);
        Win win = new Win(mine, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer got = MPI.newIntBuffer(1);
        win.fence(0);
        Request r = win.rGet(got, 1, MPI.INT, (rank + 1) % size, 0, 1, MPI.INT); // POST-SITE
        int early = rank == 1 ? got.get(0) : -1; // ACCESS-SITE
        win.fence(0);
        System.out.println("rank " + rank + " got " + early);
        r.free();
        win.free();
        MPI.Finalize();
    }
}
