package org.mpiguard.programs.rmaonline;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Unportable: on rank 1, two gets of one fence epoch write overlapping result memory (the
 * second into a slice that shares an element with the first): which value ends there is
 * undefined (a warning: one of the values the program asked for). Twin: {@link OverlappingGetsFixed}.
 */
public final class OverlappingGets {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        IntBuffer window = MPI.newIntBuffer(2).put(0, rank).put(1, rank + 100);
        Win win = new Win(window, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer results = MPI.newIntBuffer(4);
        IntBuffer fromOne = results.position(rank == 1 ? 1 : 2).slice();
        results.position(0);
        win.fence(0);
        win.get(results, 2, MPI.INT, (rank + 1) % size, 0, 2, MPI.INT); // POST-SITE
        win.get(fromOne, 2, MPI.INT, (rank + 1) % size, 0, 2, MPI.INT); // ACCESS-SITE
        win.fence(0);
        System.out.println("rank " + rank + " got " + results.get(0) + " " + results.get(1) + " " + results.get(2));
        win.free();
        MPI.Finalize();
    }
}
