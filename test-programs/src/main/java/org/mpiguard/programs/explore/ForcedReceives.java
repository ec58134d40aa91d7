package org.mpiguard.programs.explore;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Correct: ranks 1..n-1 send rank 0 one message in each of four phases, which rank 0 takes
 * from MPI.ANY_SOURCE with recv, iRecv (waited for with its Status), sendRecv and
 * sendRecvReplace (their send halves to MPI.PROC_NULL), printing for each phase the senders
 * in the order taken. The network decides that order, or a replay's forced matches.
 */
public final class ForcedReceives {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Comm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int[] value = new int[1];
        if (rank == 0) {
            StringBuilder recv = new StringBuilder("recv");
            for (int i = 1; i < size; i++) {
                recv.append(' ').append(world.recv(value, 1, MPI.INT, MPI.ANY_SOURCE, 0).getSource()); // RECV-ANY
            }
            System.out.println(recv);
            StringBuilder iRecv = new StringBuilder("iRecv");
            IntBuffer buffer = ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder()).asIntBuffer();
            for (int i = 1; i < size; i++) {
                Status s = world.iRecv(buffer, 1, MPI.INT, MPI.ANY_SOURCE, 1).waitStatus(); // IRECV-ANY
                iRecv.append(' ').append(s.getSource());
            }
            System.out.println(iRecv);
            StringBuilder sendRecv = new StringBuilder("sendRecv");
            int[] none = new int[1];
            for (int i = 1; i < size; i++) {
                Status s = world.sendRecv(none, 1, MPI.INT, MPI.PROC_NULL, 2, value, 1, MPI.INT, MPI.ANY_SOURCE, 2); // SENDRECV-ANY
                sendRecv.append(' ').append(s.getSource());
            }
            System.out.println(sendRecv);
            StringBuilder replace = new StringBuilder("sendRecvReplace");
            for (int i = 1; i < size; i++) {
                Status s = world.sendRecvReplace(value, 1, MPI.INT, MPI.PROC_NULL, 3, MPI.ANY_SOURCE, 3); // REPLACE-ANY
                replace.append(' ').append(s.getSource());
            }
            System.out.println(replace);
        } else {
            value[0] = rank;
            for (int tag = 0; tag < 4; tag++) {
                world.send(value, 1, MPI.INT, 0, tag);
            }
        }
        MPI.Finalize();
    }
}
