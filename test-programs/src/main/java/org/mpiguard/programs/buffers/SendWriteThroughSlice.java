package org.mpiguard.programs.buffers;

import java.nio.DoubleBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy: rank 0 posts an iSend of eight doubles and, before the wait, stores into the
 * buffer's second half through a slice: what rank 1 receives depends on timing. Reading
 * the pending send's buffer (its first element) is allowed since MPI-3 and not reported.
 * Twin: {@link SendWriteThroughSliceFixed}.
 */
public final class SendWriteThroughSlice {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            DoubleBuffer data = MPI.newDoubleBuffer(8);
            for (int i = 0; i < 8; i++) {
                data.put(i, i);
            }
            Request request = MPI.COMM_WORLD.iSend(data, 8, MPI.DOUBLE, 1, 6); // POST-SITE
            double first = data.get(0);
            DoubleBuffer tail = data.position(4).slice();
            tail.put(1, -1.0); // ACCESS-SITE
            request.waitFor();
            System.out.println("sent, first " + first);
        } else if (rank == 1) {
            double[] got = new double[8];
            MPI.COMM_WORLD.recv(got, 8, MPI.DOUBLE, 0, 6);
            System.out.println("got " + got[5]);
        }
        MPI.Finalize();
    }
}
