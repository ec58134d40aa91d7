package org.mpiguard.programs.rmaonline;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Each rank adds 1 to its right neighbour's counter with fetchAndOp in a fence epoch and,
 * before the closing fence, stores into the result buffer the very value the fetch
 * returns (the neighbour's counter before the add, known in advance). MPI leaves
 * undefined which write lands last, but both are the same: the program gets what it asked
 * for either way. A warning per rank, judged at the fence and reported at the store; the
 * run is otherwise unchanged.
 */
public final class FetchResultStoredBeforeFence {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        IntBuffer counter = MPI.newIntBuffer(1).put(0, 100 * rank);
        Win win = new Win(counter, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer one = MPI.newIntBuffer(1).put(0, 1);
        IntBuffer before = MPI.newIntBuffer(1);
        win.fence(0);
        win.fetchAndOp(one, before, MPI.INT, right, 0, MPI.SUM); // POST-SITE
        before.put(0, 100 * right); // ACCESS-SITE
        win.fence(0);
        System.out.println("rank " + rank + " fetched " + before.get(0) + ", holds " + counter.get(0));
        win.free();
        MPI.Finalize();
    }
}
