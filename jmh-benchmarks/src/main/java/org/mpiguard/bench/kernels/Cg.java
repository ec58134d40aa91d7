package org.mpiguard.bench.kernels;

import java.util.Locale;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * After NAS CG: unpreconditioned conjugate gradient on the 5-point Laplacian of a square
 * grid (a sparse symmetric positive definite system), rows split over the ranks. Each
 * iteration is one sparse matrix-vector product with a halo exchange by sendRecv and two
 * dot products by allReduce, the communication pattern of NAS CG's inner loop. Verified
 * by recomputing the true residual b - Ax at the end: it must agree with the recurrence's
 * residual and be far below the initial one.
 */
final class Cg implements Kernel {

    @Override
    public String name() {
        return "cg";
    }

    @Override
    public String summary() {
        return "NAS CG-like: CG on a 2-D Laplacian, sendRecv halos, 2 allReduce per iteration";
    }

    @Override
    public Outcome run(Intracomm world, Scale scale) throws MPIException {
        int n = scale.pick(32, 448);
        int iterations = scale.pick(40, 1300);
        RowBlock grid = new RowBlock(world, n, n);
        double[] x = grid.newField();
        double[] b = grid.newField();
        double[] r = grid.newField();
        double[] p = grid.newField();
        double[] q = grid.newField();
        double[] sendRow = new double[n];
        double[] recvRow = new double[n];
        for (int i = 0; i < grid.rows; i++) {
            for (int j = 0; j < n; j++) {
                int gi = grid.firstRow + i;
                b[grid.at(i, j)] = 1.0 + ((gi * 7 + j * 13) % 17) / 17.0;
            }
        }
        System.arraycopy(b, 0, r, 0, b.length);
        System.arraycopy(b, 0, p, 0, b.length);
        double rr = dot(world, grid, r, r);
        double bNorm = Math.sqrt(rr);
        for (int k = 0; k < iterations; k++) {
            laplacian(grid, p, q, sendRow, recvRow);
            double alpha = rr / dot(world, grid, p, q);
            for (int i = 0; i < grid.rows; i++) {
                for (int j = 0, at = grid.at(i, 0); j < n; j++, at++) {
                    x[at] += alpha * p[at];
                    r[at] -= alpha * q[at];
                }
            }
            double rrNext = dot(world, grid, r, r);
            double beta = rrNext / rr;
            rr = rrNext;
            for (int i = 0; i < grid.rows; i++) {
                for (int j = 0, at = grid.at(i, 0); j < n; j++, at++) {
                    p[at] = r[at] + beta * p[at];
                }
            }
        }
        laplacian(grid, x, q, sendRow, recvRow);
        double[] check = new double[2];
        for (int i = 0; i < grid.rows; i++) {
            for (int j = 0, at = grid.at(i, 0); j < n; j++, at++) {
                double trueResidual = b[at] - q[at];
                check[0] += trueResidual * trueResidual;
                check[1] += x[at] * x[at];
            }
        }
        world.allReduce(check, 2, MPI.DOUBLE, MPI.SUM);
        double trueNorm = Math.sqrt(check[0]) / bNorm;
        double recurrenceNorm = Math.sqrt(rr) / bNorm;
        boolean ok = trueNorm < (scale == Scale.SMOKE ? 0.5 : 1e-3) && Math.abs(trueNorm - recurrenceNorm) < 1e-8;
        String checksum = String.format(Locale.ROOT, "%.10e:%.6e", Math.sqrt(check[1]), trueNorm);
        return new Outcome(checksum, ok, String.format(Locale.ROOT,
                "n=%d iterations=%d relative residual true %.3e recurrence %.3e", n, iterations, trueNorm, recurrenceNorm));
    }

    /** q = A p for the 5-point Laplacian with zero Dirichlet boundary. */
    private static void laplacian(RowBlock grid, double[] p, double[] q, double[] sendRow, double[] recvRow)
            throws MPIException {
        grid.exchange(p, sendRow, recvRow);
        int s = grid.stride;
        for (int i = 0; i < grid.rows; i++) {
            for (int j = 0, at = grid.at(i, 0); j < grid.cols; j++, at++) {
                q[at] = 4 * p[at] - p[at - 1] - p[at + 1] - p[at - s] - p[at + s];
            }
        }
    }

    private static double dot(Intracomm world, RowBlock grid, double[] u, double[] v) throws MPIException {
        double[] sum = {0};
        for (int i = 0; i < grid.rows; i++) {
            for (int j = 0, at = grid.at(i, 0); j < grid.cols; j++, at++) {
                sum[0] += u[at] * v[at];
            }
        }
        world.allReduce(sum, 1, MPI.DOUBLE, MPI.SUM);
        return sum[0];
    }
}
