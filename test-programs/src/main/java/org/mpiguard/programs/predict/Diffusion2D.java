package org.mpiguard.programs.predict;

import mpi.MPI;
import mpi.MPIException;

/**
 * Two-dimensional diffusion on a grid of ranks (2 columns; the seed's Diffusion2D): each
 * step sends the four halos, then receives them, and a barrier closes the step so messages
 * only meet within it. Buggy under zero buffering: neighbours send to each other before
 * either receives. Expected: predicted-deadlock under zero buffering (two neighbours at
 * PREDICT:diffusion-send), none under infinite buffering.
 */
public final class Diffusion2D {
    static final int STEPS = 25;
    static final int COLUMNS = 2;
    static final int N = 16;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int rows = size / COLUMNS;
        int row = rank / COLUMNS;
        int col = rank % COLUMNS;
        int[] neighbours = {
            row > 0 ? rank - COLUMNS : -1, row < rows - 1 ? rank + COLUMNS : -1,
            col > 0 ? rank - 1 : -1, col < COLUMNS - 1 ? rank + 1 : -1};
        double[] u = new double[N];
        double[] halo = new double[N];
        u[rank % N] = 1;
        for (int step = 0; step < STEPS; step++) {
            for (int n : neighbours) {
                if (n >= 0) {
                    MPI.COMM_WORLD.send(u, N, MPI.DOUBLE, n, step); // PREDICT:diffusion-send
                }
            }
            for (int n : neighbours) {
                if (n >= 0) {
                    MPI.COMM_WORLD.recv(halo, N, MPI.DOUBLE, n, step); // PREDICT:diffusion-recv
                    for (int i = 0; i < N; i++) {
                        u[i] += 0.1 * (halo[i] - u[i]);
                    }
                }
            }
            MPI.COMM_WORLD.barrier(); // PREDICT:diffusion-barrier
        }
        System.out.printf("rank %d u[0] = %.6f%n", rank, u[0]);
        MPI.Finalize();
    }
}
