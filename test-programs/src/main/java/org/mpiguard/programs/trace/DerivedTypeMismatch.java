package org.mpiguard.programs.trace;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy (type-mismatch) with derived types, nonblocking: rank 0 sends two pairs of ints
 * (a contiguous type of 2 MPI.INT), rank 1 receives two pairs of floats. With argument
 * {@code twin} both sides use pairs of ints (the correct twin).
 */
public final class DerivedTypeMismatch {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean twin = args.length > 0 && args[0].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        Datatype intPair = Datatype.createContiguous(2, MPI.INT);
        intPair.commit();
        Datatype floatPair = Datatype.createContiguous(2, MPI.FLOAT);
        floatPair.commit();
        ByteBuffer buffer = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
        if (rank == 0) {
            IntBuffer ints = buffer.asIntBuffer().put(new int[] {1, 2, 3, 4});
            Request r = MPI.COMM_WORLD.iSend(ints, 2, intPair, 1, 9); // SEND-SITE
            r.waitFor();
        } else if (rank == 1) {
            Buffer into = twin ? buffer.asIntBuffer() : buffer.asFloatBuffer();
            Request r = MPI.COMM_WORLD.iRecv(into, 2, twin ? intPair : floatPair, 0, 9); // RECV-SITE
            r.waitFor();
        }
        intPair.free();
        floatPair.free();
        MPI.Finalize();
    }
}
