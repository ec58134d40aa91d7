package org.mpiguard.programs.dedup;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import mpi.Comm;
import mpi.Group;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Bugs that both the online checks (at Finalize) and the analysis of the traces see, made on
 * every rank: a communicator and a group never freed, a send to the right neighbour never
 * waited for; and a message rank 1 sends to rank 0 that rank 0 never receives (only the
 * traces know its sender's line). Each is one finding of the report, however many ranks and
 * sides found it. {@link FreedOnEveryRank} is its twin.
 */
public final class LeaksOnEveryRank {

    static final java.util.List<Object> KEEP = new java.util.ArrayList<>();

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        Comm copy = MPI.COMM_WORLD.dup(); // LEAK-COMM
        Group group = MPI.COMM_WORLD.getGroup(); // LEAK-GROUP
        IntBuffer out = ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder()).asIntBuffer();
        out.put(0, rank);
        Request pending = MPI.COMM_WORLD.iSend(out, 1, MPI.INT, (rank + 1) % size, 3); // PENDING-SEND
        int[] in = new int[1];
        MPI.COMM_WORLD.recv(in, 1, MPI.INT, (rank + size - 1) % size, 3);
        if (rank == 1) {
            MPI.COMM_WORLD.send(new int[] {42}, 1, MPI.INT, 0, 7); // LOST-SEND
        }
        MPI.COMM_WORLD.barrier();
        KEEP.addAll(java.util.List.of(copy, group, pending)); // held, not freed: the checker forgets what the JVM collected
        System.out.println("rank " + rank + " received " + in[0]);
        MPI.Finalize(); // LOST-MESSAGE
    }
}
