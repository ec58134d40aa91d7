package org.mpiguard.programs.collective;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Twin of {@link LaterCallTruncation}: every rank broadcasts the same 8 ints with iBcast and
 * completes it with waitFor; silent.
 */
public final class LaterCallTruncationFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer values = MPI.newIntBuffer(8);
        for (int i = 0; i < 8; i++) {
            values.put(i, rank == 0 ? i * i : 0);
        }
        Request pending;
        if (rank == 0) {
            pending = MPI.COMM_WORLD.iBcast(values, 8, MPI.INT, 0);
        } else {
            pending = MPI.COMM_WORLD.iBcast(values, 8, MPI.INT, 0);
        }
        long local = 0;
        for (int i = 0; i < 1000; i++) {
            local += (long) i * rank; // work overlapped with the broadcast
        }
        pending.waitFor();
        System.out.println("rank " + rank + " got " + values.get(3) + " after " + local);
        MPI.Finalize();
    }
}
