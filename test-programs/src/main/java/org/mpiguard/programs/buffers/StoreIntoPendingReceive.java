package org.mpiguard.programs.buffers;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Rank 1 stores -1 into the buffer of a receive it has posted, before the message comes
 * (rank 0 sends only after the barrier): the message then replaces the value stored, so
 * after the wait rank 1 holds 42 where in program order it stored -1 last. An error,
 * judged at the wait and reported at the store. {@link StoreIntoPendingReceiveFixed}
 * stores after the wait.
 */
public final class StoreIntoPendingReceive {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 1) {
            IntBuffer buf = MPI.newIntBuffer(1);
            Request r = MPI.COMM_WORLD.iRecv(buf, 1, MPI.INT, 0, 5); // POST-SITE
            buf.put(0, -1); // ACCESS-SITE
            MPI.COMM_WORLD.barrier();
            r.waitFor();
            System.out.println("rank 1 holds " + buf.get(0));
        } else {
            MPI.COMM_WORLD.barrier();
            if (rank == 0) {
                MPI.COMM_WORLD.send(new int[] {42}, 1, MPI.INT, 1, 5);
            }
        }
        MPI.Finalize();
    }
}
