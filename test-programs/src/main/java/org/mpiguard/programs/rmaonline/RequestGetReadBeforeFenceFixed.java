package org.mpiguard.programs.rmaonline;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Win;

/**
 * Twin of {@link RequestGetReadBeforeFence}: request-based gets from every rank inside a
 * fence epoch, their results read after the closing fence, which completes every one-sided
 * operation of the epoch, the request-based ones too; the requests are waited for only
 * after the results are read.
 */
public final class RequestGetReadBeforeFenceFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        IntBuffer mine = MPI.newIntBuffer(1).put(0, 10 * rank + 3);
        Win win = new Win(mine, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer got = MPI.newIntBuffer(size);
        Request[] gets = new Request[size];
        win.fence(0);
        for (int from = 0; from < size; from++) {
            got.put(from, -1);
            gets[from] = win.rGet(MPI.slice(got, from), 1, MPI.INT, from, 0, 1, MPI.INT);
        }
        win.fence(0);
        StringBuilder seen = new StringBuilder("rank " + rank + " got");
        for (int from = 0; from < size; from++) {
            seen.append(' ').append(got.get(from));
        }
        System.out.println(seen);
        Request.waitAll(gets);
        win.free();
        MPI.Finalize();
    }
}
