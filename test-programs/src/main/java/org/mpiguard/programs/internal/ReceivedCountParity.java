package org.mpiguard.programs.internal;

import java.lang.reflect.Method;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * Not a user program: run under the agent, it checks that the checker's own count of a
 * received message (ReceivedCounts, which reads the Status's byte count instead of asking
 * MPI_Get_count through JNI) agrees with {@code status.getCount(type)} for predefined,
 * pair and derived types and for byte counts that are and are not whole numbers of them.
 * Prints one line per disagreement and {@code parity: N cases, M differ}.
 */
public final class ReceivedCountParity {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Method count = Class.forName("org.mpiguard.adapter.args.ReceivedCounts")
                .getMethod("count", Status.class, Datatype.class);
        Datatype contiguous = Datatype.createContiguous(3, MPI.INT);
        contiguous.commit();
        Datatype vector = Datatype.createVector(2, 1, 3, MPI.DOUBLE);
        vector.commit();
        Datatype[] types = {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.INT, MPI.LONG, MPI.FLOAT, MPI.DOUBLE, MPI.BOOLEAN,
            MPI.INT2, MPI.SHORT_INT, MPI.LONG_INT, MPI.FLOAT_INT, MPI.DOUBLE_INT, MPI.FLOAT_COMPLEX,
            MPI.DOUBLE_COMPLEX, contiguous, vector};
        int cases = 0;
        int differ = 0;
        byte[] in = new byte[96];
        for (int bytes = 0; bytes <= 96; bytes++) {
            Request sent = MPI.COMM_SELF.iSend(java.nio.ByteBuffer.allocateDirect(96), bytes, MPI.BYTE, 0, 5);
            Status status = MPI.COMM_SELF.recv(in, 96, MPI.BYTE, 0, 5);
            sent.waitFor();
            for (int pass = 0; pass < 2; pass++) { // the second pass answers from the cache
                for (Datatype type : types) {
                    int expected = status.getCount(type);
                    int actual = (Integer) count.invoke(null, status, type);
                    cases++;
                    if (expected != actual) {
                        differ++;
                        System.out.println("differ: " + bytes + " bytes as type #" + java.util.Arrays.asList(types)
                                .indexOf(type) + ": getCount " + expected + ", ReceivedCounts " + actual);
                    }
                }
            }
        }
        System.out.println("parity: " + cases + " cases, " + differ + " differ");
        vector.free();
        contiguous.free();
        MPI.Finalize();
    }
}
