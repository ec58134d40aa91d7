package org.mpiguard.programs.buffers;

import java.nio.DoubleBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Correct twin of {@link HaloLoopRefillsPendingSend} and {@link HaloLoopReadsPendingReceive}: a
 * few steps of a halo exchange whose buffers are elements of arrays. Each step's counted loops
 * fill the send buffers while the receives into the other buffers are pending (allowed), and
 * read the received halo only after the wait; a loop that reads a pending send's buffer is
 * allowed too (MPI-3).
 */
public final class HaloLoopRefillsPendingSendFixed {
    private static final int N = 64;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int peer = 1 - rank;
        DoubleBuffer[] out = {MPI.newDoubleBuffer(N), MPI.newDoubleBuffer(N)};
        DoubleBuffer[] in = {MPI.newDoubleBuffer(N), MPI.newDoubleBuffer(N)};
        double[] halo = new double[N + 2];
        double sentSum = 0;
        if (rank <= 1) {
            for (int step = 0; step < 3; step++) {
                int k = step % 2;
                Request recv = MPI.COMM_WORLD.iRecv(in[k], N, MPI.DOUBLE, peer, 5);
                for (int j = 0; j < N; j++) {
                    out[k].put(j, rank + step + j * 0.5);
                }
                Request send = MPI.COMM_WORLD.iSend(out[k], N, MPI.DOUBLE, peer, 5);
                for (int j = 0; j < N; j++) {
                    sentSum += out[k].get(j);
                }
                send.waitFor();
                recv.waitFor();
                for (int j = 1; j <= N; j++) {
                    halo[j] = in[k].get(j - 1);
                }
            }
            System.out.println("rank " + rank + " halo " + halo[N] + " sent " + sentSum);
        }
        MPI.Finalize();
    }
}
