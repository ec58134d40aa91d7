package org.mpiguard.programs.waits;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy: the manager (rank 0) collects results with waitSome before it hands out the
 * work, while every worker waits in recv for its work before producing a result.
 * Twin: {@link WaitSomeFixed}.
 */
public final class WaitSomeDeadlock {
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
            int[] done = Request.waitSome(pending); // DEADLOCK-SITE
            for (int w = 1; w < size; w++) {
                MPI.COMM_WORLD.send(new int[] {w * 3}, 1, MPI.INT, w, 1);
            }
            Request.waitAll(pending);
            int sum = 0;
            for (int w = 1; w < size; w++) {
                sum += results.get(w);
            }
            System.out.println("results: " + sum + " (first batch " + (done.length > 0) + ")");
        } else {
            int[] work = new int[1];
            MPI.COMM_WORLD.recv(work, 1, MPI.INT, 0, 1); // DEADLOCK-SITE
            MPI.COMM_WORLD.send(new int[] {work[0] + 1}, 1, MPI.INT, 0, 2);
        }
        MPI.Finalize();
    }
}
