package org.mpiguard.programs.rmarace;

import java.nio.DoubleBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy (a one-sided 1-D Jacobi with the conflict MC-Checker injected): each rank owns N
 * interior cells (window slots 1..N) and two ghost cells (0 and N+1); in a fence epoch it
 * puts its first cell into its left neighbour's right ghost and its last cell into its
 * right neighbour's left ghost; after the closing fence it relaxes its interior, then a
 * fence ends the compute epoch. The injected residual probe gets the right neighbour's
 * right ghost in the exchange epoch, which the rank two to the right is putting into at
 * the same time: the get may read the old value, the new one, or a mix. Run with 3 ranks
 * (a ring). Twin: {@link JacobiRaceFixed} (the probe reads the neighbour's last interior
 * cell, which no put writes in that epoch).
 */
public final class JacobiRace {
    static final int N = 6;
    static final int ITERATIONS = 5;

    public static void main(String[] args) throws MPIException {
        System.exit(run(N + 1));
    }

    /** Runs the solver; the probe reads slot {@code probeSlot} of the right neighbour. */
    static int run(int probeSlot) throws MPIException {
        MPI.Init(new String[0]);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int left = (rank - 1 + size) % size;
        int right = (rank + 1) % size;
        DoubleBuffer u = MPI.newDoubleBuffer(N + 2);
        for (int i = 1; i <= N; i++) {
            u.put(i, rank * N + i);
        }
        Win win = new Win(u, N + 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        DoubleBuffer toLeft = MPI.newDoubleBuffer(1);
        DoubleBuffer toRight = MPI.newDoubleBuffer(1);
        DoubleBuffer probe = MPI.newDoubleBuffer(1);
        double residual = 0;
        win.fence(0);
        for (int it = 0; it < ITERATIONS; it++) {
            toLeft.put(0, u.get(1));
            toRight.put(0, u.get(N));
            win.put(toLeft, 1, MPI.DOUBLE, left, N + 1, 1, MPI.DOUBLE); // RMA: jacobi put
            win.put(toRight, 1, MPI.DOUBLE, right, 0, 1, MPI.DOUBLE);
            win.get(probe, 1, MPI.DOUBLE, right, probeSlot, 1, MPI.DOUBLE); // RMA: jacobi probe get
            win.fence(0);
            double[] next = new double[N + 2];
            for (int i = 1; i <= N; i++) {
                next[i] = (u.get(i - 1) + u.get(i + 1)) / 2;
            }
            for (int i = 1; i <= N; i++) {
                u.put(i, next[i]);
            }
            residual = probe.get(0);
            win.fence(0);
        }
        double[] sum = {0};
        for (int i = 1; i <= N; i++) {
            sum[0] += u.get(i);
        }
        double[] total = new double[1];
        MPI.COMM_WORLD.reduce(sum, total, 1, MPI.DOUBLE, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("sum " + total[0] + ", probe " + residual);
        }
        win.free();
        MPI.Finalize();
        return 0;
    }
}
