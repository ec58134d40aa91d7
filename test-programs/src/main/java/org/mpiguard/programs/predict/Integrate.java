package org.mpiguard.programs.predict;

import mpi.MPI;
import mpi.MPIException;

/**
 * Integral of sin over [0, pi] split among workers, collected with wildcard receives (the
 * seed's Integrate, laid out as EMPDD's Table 3). Safe under every schedule and buffering:
 * each worker sends exactly one result and the master adds them in any order. Expected: no
 * predicted deadlock.
 */
public final class Integrate {
    static final int TASK = 1;
    static final int RESULT = 3;
    static final int STEPS = 10_000;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] part = new int[1];
        double[] value = new double[1];
        if (rank == 0) {
            for (int w = 1; w < size; w++) {
                part[0] = w - 1;
                MPI.COMM_WORLD.send(part, 1, MPI.INT, w, TASK); // PREDICT:integrate-task
            }
            double sum = 0;
            for (int w = 1; w < size; w++) {
                MPI.COMM_WORLD.recv(value, 1, MPI.DOUBLE, MPI.ANY_SOURCE, RESULT); // PREDICT:integrate-collect
                sum += value[0];
            }
            System.out.printf("integral ~ %.6f%n", sum);
        } else {
            MPI.COMM_WORLD.recv(part, 1, MPI.INT, 0, MPI.ANY_TAG); // PREDICT:integrate-take
            double width = Math.PI / (size - 1);
            double from = part[0] * width;
            double h = width / STEPS;
            double s = 0;
            for (int i = 0; i < STEPS; i++) {
                s += Math.sin(from + (i + 0.5) * h) * h;
            }
            value[0] = s;
            MPI.COMM_WORLD.send(value, 1, MPI.DOUBLE, 0, RESULT); // PREDICT:integrate-result
        }
        MPI.Finalize();
    }
}
