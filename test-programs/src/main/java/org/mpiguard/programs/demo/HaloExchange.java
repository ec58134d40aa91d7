package org.mpiguard.programs.demo;

import mpi.MPI;
import mpi.MPIException;

/**
 * The bundled demo: a 1-D heat diffusion on a periodic rod split across ranks, with a
 * real bug in its halo exchange. Each rank first receives its left halo and only then
 * sends its edges, so every rank waits in recv for a neighbour that is itself waiting:
 * the job hangs on the first step. MPIGuard names every rank and the line.
 */
public final class HaloExchange {

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
            // Bug: receive before send on every rank; a correct exchange uses sendRecv.
            MPI.COMM_WORLD.recv(halo, 1, MPI.DOUBLE, left, 0); // DEADLOCK-SITE
            u[0] = halo[0];
            MPI.COMM_WORLD.send(new double[] {u[CELLS]}, 1, MPI.DOUBLE, right, 0);
            MPI.COMM_WORLD.recv(halo, 1, MPI.DOUBLE, right, 1);
            u[CELLS + 1] = halo[0];
            MPI.COMM_WORLD.send(new double[] {u[1]}, 1, MPI.DOUBLE, left, 1);
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
