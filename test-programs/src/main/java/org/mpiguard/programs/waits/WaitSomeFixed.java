package org.mpiguard.programs.waits;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** Correct twin of {@link WaitSomeDeadlock}: the manager hands out the work before waitSome. */
public final class WaitSomeFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        if (rank == 0) {
            IntBuffer results = MPI.newIntBuffer(size);
            Request[] pending = new Request[size - 1];
            for (int w = 1; w < size; w++) {
                pending[w - 1] = MPI.COMM_WORLD.iRecv(MPI.slice(results, w), 1, MPI.INT, w, 2);
            }
            for (int w = 1; w < size; w++) {
                MPI.COMM_WORLD.send(new int[] {w * 3}, 1, MPI.INT, w, 1);
            }
            int[] done = Request.waitSome(pending);
            Request.waitAll(pending);
            int sum = 0;
            for (int w = 1; w < size; w++) {
                sum += results.get(w);
            }
            System.out.println("results: " + sum + " (first batch " + (done.length > 0) + ")");
        } else {
            int[] work = new int[1];
            MPI.COMM_WORLD.recv(work, 1, MPI.INT, 0, 1);
            MPI.COMM_WORLD.send(new int[] {work[0] + 1}, 1, MPI.INT, 0, 2);
        }
        MPI.Finalize();
    }
}
