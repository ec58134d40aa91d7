package org.mpiguard.programs.args;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import mpi.Comm;
import mpi.MPI;
import mpi.Win;

/**
 * The twin of {@link PortabilityArgs}, written portably: the bytes of an int travel in a
 * direct ByteBuffer (any basic type may be described in one), chars in a char[], and
 * every window's buffer is as large as its size. Silent.
 */
public class PortabilityArgsFixed {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Comm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        ByteBuffer bytes = MPI.newByteBuffer(4).order(ByteOrder.nativeOrder());
        if (rank == 0) {
            bytes.putInt(0, 0x01020304);
            comm.send(bytes, 4, MPI.BYTE, 1, 0);
        } else {
            comm.recv(bytes, 4, MPI.BYTE, 0, 0);
        }
        char[] chars = {rank == 0 ? 'B' : 0, rank == 0 ? 'A' : 0};
        comm.bcast(chars, 2, MPI.CHAR, 0);
        Win win = new Win(MPI.newIntBuffer(4), 4, 1, MPI.INFO_NULL, comm);
        win.fence(0);
        if (rank == 0) {
            win.put(MPI.newIntBuffer(4).put(0, 7).put(3, 9), 4, MPI.INT, 1, 0, 4, MPI.INT);
        }
        win.fence(0);
        win.free();
        if (rank == 1) {
            System.out.println("received " + Integer.toHexString(bytes.getInt(0)) + " " + chars[0] + chars[1]);
        }
        comm.barrier();
        MPI.Finalize();
    }
}
