package org.mpiguard.programs.collective;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy: rank 0 broadcasts 8 ints with iBcast while the other ranks take only 4; the counts
 * of a collective must agree on every rank. Open MPI does not fail the iBcast: it ends the
 * job with MPI_ERR_TRUNCATE in a later call, the waitFor that completes it (LATER-CALL), on a
 * receiving rank, naming neither iBcast. The cause is the first call, MISMATCH-SITE on both
 * sides. Twin: {@link LaterCallTruncationFixed}.
 */
public final class LaterCallTruncation {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer values = MPI.newIntBuffer(8);
        for (int i = 0; i < 8; i++) {
            values.put(i, rank == 0 ? i * i : 0);
        }
        Request pending;
        if (rank == 0) {
            pending = MPI.COMM_WORLD.iBcast(values, 8, MPI.INT, 0); // MISMATCH-SITE
        } else {
            pending = MPI.COMM_WORLD.iBcast(values, 4, MPI.INT, 0); // MISMATCH-SITE
        }
        long local = 0;
        for (int i = 0; i < 1000; i++) {
            local += (long) i * rank; // work overlapped with the broadcast
        }
        pending.waitFor(); // LATER-CALL
        System.out.println("rank " + rank + " got " + values.get(3) + " after " + local);
        MPI.Finalize();
    }
}
