package org.mpiguard.programs.buffers;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy: rank 1 posts an iRecv into a byte buffer and reads it through an int view
 * before the wait: the value is whatever MPI has written so far. Twin:
 * {@link RecvReadThroughViewFixed}.
 */
public final class RecvReadThroughView {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            MPI.COMM_WORLD.send(new int[] {1, 2, 3, 4}, 4, MPI.INT, 1, 5);
        } else if (rank == 1) {
            ByteBuffer bytes = MPI.newByteBuffer(16);
            Request request = MPI.COMM_WORLD.iRecv(bytes, 16, MPI.BYTE, 0, 5); // POST-SITE
            IntBuffer ints = bytes.asIntBuffer();
            int early = ints.get(2); // ACCESS-SITE
            request.waitFor();
            System.out.println("early " + early + ", late " + ints.get(2));
        }
        MPI.Finalize();
    }
}
