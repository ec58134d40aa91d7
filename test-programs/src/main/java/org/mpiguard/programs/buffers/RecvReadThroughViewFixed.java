package org.mpiguard.programs.buffers;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Twin of {@link RecvReadThroughView}: the receive lands in the second half of a buffer
 * (a slice) while the program reads the first half, which MPI does not touch; the
 * received half is read, through an int view, only after the wait.
 */
public final class RecvReadThroughViewFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            MPI.COMM_WORLD.send(new int[] {1, 2, 3, 4}, 4, MPI.INT, 1, 5);
        } else if (rank == 1) {
            ByteBuffer all = MPI.newByteBuffer(32);
            all.putInt(0, 40);
            ByteBuffer secondHalf = all.position(16).slice().order(ByteOrder.nativeOrder());
            all.position(0);
            Request request = MPI.COMM_WORLD.iRecv(secondHalf, 16, MPI.BYTE, 0, 5);
            int untouched = all.getInt(0) + all.asIntBuffer().get(3); // silent: outside the receive
            request.waitFor();
            IntBuffer ints = secondHalf.asIntBuffer();
            System.out.println("untouched " + untouched + ", received " + ints.get(2) + " " + all.getInt(24));
        }
        MPI.Finalize();
    }
}
