package org.mpiguard.programs.buffers;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** Twin of {@link StoreIntoPendingReceive}: rank 1 stores into the buffer only after the wait. */
public final class StoreIntoPendingReceiveFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 1) {
            IntBuffer buf = MPI.newIntBuffer(1);
            Request r = MPI.COMM_WORLD.iRecv(buf, 1, MPI.INT, 0, 5);
            MPI.COMM_WORLD.barrier();
            r.waitFor();
            buf.put(0, buf.get(0) + 1);
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
