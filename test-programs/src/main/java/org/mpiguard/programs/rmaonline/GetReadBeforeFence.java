package org.mpiguard.programs.rmaonline;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy: each rank gets its right neighbour's value and reads the result before the
 * closing fence. Twin: {@link GetReadBeforeFenceFixed}.
 */
public final class GetReadBeforeFence {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        IntBuffer mine = MPI.newIntBuffer(1).put(0, 10 * rank);
        Win win = new Win(mine, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer got = MPI.newIntBuffer(1);
        win.fence(0);
        win.get(got, 1, MPI.INT, (rank + 1) % size, 0, 1, MPI.INT); // POST-SITE
        int early = rank == 1 ? got.get(0) : 0; // ACCESS-SITE
        win.fence(0);
        System.out.println("rank " + rank + " got " + got.get(0) + " " + early);
        win.free();
        MPI.Finalize();
    }
}
