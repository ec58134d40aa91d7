package org.mpiguard.programs.waits;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy: every rank waits with waitAny for the first message from any of its peers before
 * it sends its own, so no candidate of any waitAny is ever satisfied.
 * Twin: {@link WaitAnyFixed}.
 */
public final class WaitAnyDeadlock {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        IntBuffer in = MPI.newIntBuffer(size);
        Request[] fromPeers = new Request[size - 1];
        int k = 0;
        for (int peer = 0; peer < size; peer++) {
            if (peer != rank) {
                fromPeers[k++] = MPI.COMM_WORLD.iRecv(MPI.slice(in, peer), 1, MPI.INT, peer, 1);
            }
        }
        int first = Request.waitAny(fromPeers); // DEADLOCK-SITE
        for (int peer = 0; peer < size; peer++) {
            if (peer != rank) {
                MPI.COMM_WORLD.send(new int[] {rank}, 1, MPI.INT, peer, 1);
            }
        }
        Request.waitAll(fromPeers);
        if (rank == 0) {
            int sum = 0;
            for (int peer = 0; peer < size; peer++) {
                sum += in.get(peer);
            }
            System.out.println("rank 0 heard from its peers first " + (first >= 0 ? "once" : "never") + ", sum " + sum);
        }
        MPI.Finalize();
    }
}
