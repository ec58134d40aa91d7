package org.mpiguard.programs.args;

import java.nio.IntBuffer;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Win;

/**
 * One-sided assertions only the traces can judge, run with {@code trace=on}: a fence asserts
 * MPI.MODE_NOSTORE after this rank stored into its own window since the previous fence (the
 * store's line is marked STORE-SITE, the finding's other side). Open MPI still completes the
 * epoch, so the program prints what a truthful one does.
 */
public class TracedOneSidedArgs {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        IntBuffer base = MPI.newIntBuffer(2);
        Win win = new Win(base, 2, 1, MPI.INFO_NULL, comm);
        IntBuffer in = MPI.newIntBuffer(1);
        win.fence(0);
        base.put(0, 20 + rank); // STORE-SITE
        win.fence(MPI.MODE_NOSTORE); // CHECK: rma.assert-nostore Win.fence assertion
        win.get(in, 1, MPI.INT, 1 - rank, 0, 1, MPI.INT);
        win.fence(MPI.MODE_NOSUCCEED);
        System.out.println("rank " + rank + " got " + in.get(0));
        win.free();
        MPI.Finalize();
    }
}
