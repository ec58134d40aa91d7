package org.mpiguard.programs.buffers;

import java.nio.DoubleBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Buggy: a halo exchange whose receive buffers are elements of an array. Rank 1 copies its halo
 * out of {@code in[1]} in a counted loop before waiting for the receive into it: the loop reads
 * values MPI may still be writing. Twin: {@link HaloLoopRefillsPendingSendFixed}.
 */
public final class HaloLoopReadsPendingReceive {
    private static final int N = 64;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int peer = 1 - rank;
        DoubleBuffer[] out = {MPI.newDoubleBuffer(N), MPI.newDoubleBuffer(N)};
        DoubleBuffer[] in = {MPI.newDoubleBuffer(N), MPI.newDoubleBuffer(N)};
        double[] halo = new double[N + 2];
        if (rank <= 1) {
            Request recv = MPI.COMM_WORLD.iRecv(in[1], N, MPI.DOUBLE, peer, 4); // POST-SITE
            for (int j = 0; j < N; j++) {
                out[1].put(j, rank + j * 0.25);
            }
            Request send = MPI.COMM_WORLD.iSend(out[1], N, MPI.DOUBLE, peer, 4);
            if (rank == 1) {
                for (int j = 1; j <= N; j++) {
                    halo[j] = in[1].get(j - 1); // ACCESS-SITE
                }
            }
            send.waitFor();
            recv.waitFor();
            System.out.println("rank " + rank + " halo " + halo[N]);
        }
        MPI.Finalize();
    }
}
