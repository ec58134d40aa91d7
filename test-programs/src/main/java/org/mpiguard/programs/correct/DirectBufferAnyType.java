package org.mpiguard.programs.correct;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;

/**
 * Correct: a direct buffer is memory, and any basic type may be described in it, as in
 * C. Rank 0 sends 3 ints from a direct ByteBuffer of 12 bytes described as MPI.INT, and
 * 2 doubles from a direct IntBuffer of 4 ints described as MPI.DOUBLE; rank 1 receives
 * them the same way (nonblocking and blocking) and reads them back in the buffer's own
 * terms. Ranks beyond 1 only take part in the final barrier. Rank 1 prints.
 */
public final class DirectBufferAnyType {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        ByteBuffer bytes = MPI.newByteBuffer(12).order(ByteOrder.nativeOrder());
        IntBuffer ints = MPI.newIntBuffer(4);
        if (rank == 0) {
            for (int i = 0; i < 3; i++) {
                bytes.putInt(4 * i, 10 + i);
            }
            MPI.COMM_WORLD.send(bytes, 3, MPI.INT, 1, 0);
            ByteBuffer two = MPI.newByteBuffer(16).order(ByteOrder.nativeOrder());
            two.putDouble(0, 1.5).putDouble(8, -2.25);
            for (int i = 0; i < 4; i++) {
                ints.put(i, two.getInt(4 * i));
            }
            MPI.COMM_WORLD.iSend(ints, 2, MPI.DOUBLE, 1, 1).waitFor();
        } else if (rank == 1) {
            MPI.COMM_WORLD.iRecv(bytes, 3, MPI.INT, 0, 0).waitFor();
            MPI.COMM_WORLD.recv(ints, 2, MPI.DOUBLE, 0, 1);
            ByteBuffer back = MPI.newByteBuffer(16).order(ByteOrder.nativeOrder());
            for (int i = 0; i < 4; i++) {
                back.putInt(4 * i, ints.get(i));
            }
            System.out.println("ints " + bytes.getInt(0) + " " + bytes.getInt(4) + " " + bytes.getInt(8)
                    + ", doubles " + back.getDouble(0) + " " + back.getDouble(8));
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
