package org.mpiguard.programs.predict;

import mpi.MPI;
import mpi.MPIException;

/**
 * One-dimensional heat equation on a line of ranks (the seed's Heat). Buggy under every
 * buffering: each step a rank sends right, takes "the left halo" with ANY_SOURCE, sends
 * left, then takes the right halo from its right neighbour by name. The left halo was sent
 * first and usually wins, so the observed run completes; but if the right neighbour's halo
 * comes first the wildcard takes it and the named receive starves. Expected: predicted-deadlock under infinite buffering
 * (a rank at PREDICT:heat-recv-right), and under zero buffering as well.
 */
public final class Heat {
    static final int STEPS = 4;
    static final int N = 32;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        double[] u = new double[N + 2];
        double[] edge = new double[1];
        u[N / 2] = rank;
        for (int step = 0; step < STEPS; step++) {
            if (rank < size - 1) {
                edge[0] = u[N];
                MPI.COMM_WORLD.send(edge, 1, MPI.DOUBLE, rank + 1, step); // PREDICT:heat-send-right
            }
            if (rank > 0) {
                MPI.COMM_WORLD.recv(edge, 1, MPI.DOUBLE, MPI.ANY_SOURCE, step); // PREDICT:heat-recv-left
                u[0] = edge[0];
                edge[0] = u[1];
                MPI.COMM_WORLD.send(edge, 1, MPI.DOUBLE, rank - 1, step); // PREDICT:heat-send-left
            }
            if (rank < size - 1) {
                MPI.COMM_WORLD.recv(edge, 1, MPI.DOUBLE, rank + 1, step); // PREDICT:heat-recv-right
                u[N + 1] = edge[0];
            }
            double[] next = u.clone();
            for (int i = 1; i <= N; i++) {
                next[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
            }
            u = next;
        }
        double[] local = {u[N / 2]};
        double[] max = new double[1];
        MPI.COMM_WORLD.allReduce(local, max, 1, MPI.DOUBLE, MPI.MAX); // PREDICT:heat-allreduce
        if (rank == 0) {
            System.out.printf("max %.6f%n", max[0]);
        }
        MPI.Finalize();
    }
}
