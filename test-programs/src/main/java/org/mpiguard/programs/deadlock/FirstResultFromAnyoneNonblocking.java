package org.mpiguard.programs.deadlock;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy: {@link FirstResultFromAnyone} with the first result taken by a nonblocking receive
 * from any source whose Status the master waits for; the master then waits, request by
 * request, for each worker's result. Twin: {@link FirstResultFromAnyoneFixed}.
 */
public final class FirstResultFromAnyoneNonblocking {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        IntBuffer value = MPI.newIntBuffer(1).put(0, rank * 10);
        if (rank == 0) {
            IntBuffer first = MPI.newIntBuffer(1);
            Request any = MPI.COMM_WORLD.iRecv(first, 1, MPI.INT, MPI.ANY_SOURCE, FirstResultFromAnyone.RESULT); // WILDCARD-SITE
            any.waitStatus();
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 1, FirstResultFromAnyone.GO);
            int sum = 0;
            for (int worker = 1; worker < size; worker++) {
                Request one = MPI.COMM_WORLD.iRecv(value, 1, MPI.INT, worker, FirstResultFromAnyone.RESULT);
                one.waitFor(); // DEADLOCK-SITE
                sum += value.get(0);
            }
            System.out.println("sum " + sum);
        } else {
            if (rank == 1) {
                MPI.COMM_WORLD.recv(MPI.newIntBuffer(1), 1, MPI.INT, 0, FirstResultFromAnyone.GO);
            }
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 0, FirstResultFromAnyone.RESULT);
        }
        MPI.Finalize();
    }
}
