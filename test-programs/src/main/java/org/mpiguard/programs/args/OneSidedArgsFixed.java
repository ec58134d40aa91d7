package org.mpiguard.programs.args;

import java.nio.IntBuffer;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Win;

/**
 * The twin of {@link OneSidedArgs}: puts and gets inside epochs and windows, accumulates with a
 * predefined op on derived datatypes built of one predefined type (MPI-3.1 11.3.4). Silent.
 */
public class OneSidedArgsFixed {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        int peer = 1 - rank;
        IntBuffer base = MPI.newIntBuffer(4);
        Win win = new Win(base, 4, 1, MPI.INFO_NULL, comm);
        IntBuffer origin = MPI.newIntBuffer(4);
        IntBuffer result = MPI.newIntBuffer(4);
        origin.put(0, rank + 1);
        win.fence(MPI.MODE_NOPRECEDE);
        win.put(origin, 1, MPI.INT, peer, 3, 1, MPI.INT);
        win.get(result, 2, MPI.INT, peer, 0, 2, MPI.INT);
        win.fence(0);
        win.accumulate(origin, 4, MPI.INT, peer, 0, 4, MPI.INT, MPI.SUM);
        win.fence(0);
        Datatype pair = Datatype.createContiguous(2, MPI.INT);
        pair.commit();
        win.accumulate(origin, 1, pair, peer, 0, 1, pair, MPI.SUM);
        win.fence(0);
        Datatype everyOther = Datatype.createVector(2, 1, 2, MPI.INT);
        everyOther.commit();
        win.getAccumulate(origin, 2, MPI.INT, result, 2, MPI.INT, peer, 0, 1, everyOther, MPI.MAX);
        win.fence(MPI.MODE_NOSUCCEED);
        pair.free();
        everyOther.free();
        win.lock(MPI.LOCK_SHARED, peer, 0);
        win.fetchAndOp(origin, result, MPI.INT, peer, 3, MPI.SUM);
        win.flush(peer);
        win.unlock(peer);
        win.fence(MPI.MODE_NOPRECEDE | MPI.MODE_NOSUCCEED); // the lock's calls completed at unlock: nothing precedes
        win.lockAll(0);
        Request r = win.rGet(result, 1, MPI.INT, peer, 2, 1, MPI.INT);
        r.waitFor();
        win.flushAll();
        win.unlockAll();
        comm.barrier();
        win.free();
        MPI.Finalize();
    }
}
