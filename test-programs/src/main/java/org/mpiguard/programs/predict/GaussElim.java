package org.mpiguard.programs.predict;

import mpi.MPI;
import mpi.MPIException;

/**
 * Gaussian elimination with one row per rank (the seed's GE): rank k takes the rows of
 * ranks 0..k-1 with wildcard receives in whatever order they come (the tag says which row),
 * eliminates, then sends its own row to every later rank. Safe under every schedule and
 * buffering. Expected: no predicted deadlock.
 */
public final class GaussElim {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int n = MPI.COMM_WORLD.getSize();
        double[][] rows = new double[n][n + 1];
        for (int j = 0; j <= n; j++) {
            rows[rank][j] = j == rank ? n + 1.0 : 1.0 / (1 + rank + j);
        }
        double[] in = new double[n + 1];
        for (int i = 0; i < rank; i++) {
            mpi.Status s = MPI.COMM_WORLD.recv(in, n + 1, MPI.DOUBLE, MPI.ANY_SOURCE, MPI.ANY_TAG); // PREDICT:ge-recv
            System.arraycopy(in, 0, rows[s.getTag()], 0, n + 1);
        }
        for (int k = 0; k < rank; k++) {
            double f = rows[rank][k] / rows[k][k];
            for (int j = k; j <= n; j++) {
                rows[rank][j] -= f * rows[k][j];
            }
        }
        for (int later = rank + 1; later < n; later++) {
            MPI.COMM_WORLD.send(rows[rank], n + 1, MPI.DOUBLE, later, rank); // PREDICT:ge-send
        }
        System.out.printf("rank %d pivot %.6f%n", rank, rows[rank][rank]);
        MPI.Finalize();
    }
}
