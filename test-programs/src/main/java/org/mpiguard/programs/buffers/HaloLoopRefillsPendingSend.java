package org.mpiguard.programs.buffers;

import java.nio.DoubleBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy: a halo exchange whose send buffers are elements of an array. Rank 0 fills {@code out[0]}
 * in a counted loop while only its receive into {@code in[0]} is pending (fine), posts the send,
 * and then refills the same buffer for the next step in another counted loop before waiting for
 * the send: what rank 1 receives depends on timing. Twin: {@link HaloLoopRefillsPendingSendFixed}.
 */
public final class HaloLoopRefillsPendingSend {
    private static final int N = 64;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int peer = 1 - rank;
        DoubleBuffer[] out = {MPI.newDoubleBuffer(N), MPI.newDoubleBuffer(N)};
        DoubleBuffer[] in = {MPI.newDoubleBuffer(N), MPI.newDoubleBuffer(N)};
        int k = 0;
        if (rank <= 1) {
            Request recv = MPI.COMM_WORLD.iRecv(in[k], N, MPI.DOUBLE, peer, 3);
            for (int j = 0; j < N; j++) {
                out[k].put(j, rank + j * 0.5);
            }
            Request send = MPI.COMM_WORLD.iSend(out[k], N, MPI.DOUBLE, peer, 3); // POST-SITE
            if (rank == 0) {
                for (int j = 0; j < N; j++) {
                    out[k].put(j, -j); // ACCESS-SITE
                }
            }
            send.waitFor();
            recv.waitFor();
            System.out.println("rank " + rank + " got " + in[0].get(N - 1));
        }
        MPI.Finalize();
    }
}
