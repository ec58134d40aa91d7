package org.mpiguard.programs.dedup;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import mpi.Comm;
import mpi.Group;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** {@link LeaksOnEveryRank} done right: everything freed, the send waited for, the message received. */
public final class FreedOnEveryRank {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        Comm copy = MPI.COMM_WORLD.dup();
        Group group = MPI.COMM_WORLD.getGroup();
        IntBuffer out = ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder()).asIntBuffer();
        out.put(0, rank);
        Request pending = MPI.COMM_WORLD.iSend(out, 1, MPI.INT, (rank + 1) % size, 3);
        int[] in = new int[1];
        MPI.COMM_WORLD.recv(in, 1, MPI.INT, (rank + size - 1) % size, 3);
        pending.waitFor();
        if (rank == 1) {
            MPI.COMM_WORLD.send(new int[] {42}, 1, MPI.INT, 0, 7);
        } else if (rank == 0) {
            MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 1, 7);
        }
        MPI.COMM_WORLD.barrier();
        group.free();
        copy.free();
        System.out.println("rank " + rank + " received " + in[0]);
        MPI.Finalize();
    }
}
