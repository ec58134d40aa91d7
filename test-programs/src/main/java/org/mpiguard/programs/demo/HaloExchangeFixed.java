package org.mpiguard.programs.demo;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link HaloExchange}: each halo is exchanged with one sendRecv. */
public final class HaloExchangeFixed {

    private static final int CELLS = 1000;
    private static final int STEPS = 100;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int left = (rank + size - 1) % size;
        int right = (rank + 1) % size;
        double[] u = new double[CELLS + 2];
        for (int i = 1; i <= CELLS; i++) {
            u[i] = Math.sin(Math.PI * (rank * CELLS + i) / (size * CELLS));
        }
        double[] halo = new double[1];
        for (int step = 0; step < STEPS; step++) {
            MPI.COMM_WORLD.sendRecv(new double[] {u[CELLS]}, 1, MPI.DOUBLE, right, 0, halo, 1, MPI.DOUBLE, left, 0);
            u[0] = halo[0];
            MPI.COMM_WORLD.sendRecv(new double[] {u[1]}, 1, MPI.DOUBLE, left, 1, halo, 1, MPI.DOUBLE, right, 1);
            u[CELLS + 1] = halo[0];
            double[] next = u.clone();
            for (int i = 1; i <= CELLS; i++) {
                next[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
            }
            u = next;
        }
        double[] heat = {0};
        for (int i = 1; i <= CELLS; i++) {
            heat[0] += u[i];
        }
        double[] total = new double[1];
        MPI.COMM_WORLD.reduce(heat, total, 1, MPI.DOUBLE, MPI.SUM, 0);
        if (rank == 0) {
            System.out.printf("total heat after %d steps: %.6f%n", STEPS, total[0]);
        }
        MPI.Finalize();
    }
}
