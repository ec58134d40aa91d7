package org.mpiguard.programs.args;

import java.nio.IntBuffer;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Win;

/**
 * The twin of {@link TracedOneSidedArgs}: the store comes before the fence that precedes the
 * one asserting MPI.MODE_NOSTORE, and a later fence asserts it again after loads only. Silent.
 */
public class TracedOneSidedArgsFixed {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        IntBuffer base = MPI.newIntBuffer(2);
        Win win = new Win(base, 2, 1, MPI.INFO_NULL, comm);
        IntBuffer in = MPI.newIntBuffer(1);
        base.put(0, 20 + rank);
        win.fence(0);
        win.fence(MPI.MODE_NOSTORE);
        win.get(in, 1, MPI.INT, 1 - rank, 0, 1, MPI.INT);
        win.fence(MPI.MODE_NOSTORE);
        int mine = base.get(0);
        win.fence(MPI.MODE_NOSTORE | MPI.MODE_NOSUCCEED);
        System.out.println("rank " + rank + " got " + in.get(0) + ", holds " + mine);
        win.free();
        MPI.Finalize();
    }
}
