package org.mpiguard.bench.kernels;

import java.nio.DoubleBuffer;
import java.util.Locale;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * 2-D Jacobi iteration for Laplace's equation on a square split over a 2-D grid of ranks,
 * with a halo exchange by iRecv, iSend and Request.waitAll of direct buffers each step (four
 * neighbours, columns packed), and a global residual by allReduce every 50 steps. Verified
 * bit for bit: rank 0 gathers the field and recomputes the same iteration serially.
 */
final class Jacobi2d implements Kernel {

    @Override
    public String name() {
        return "jacobi2d";
    }

    @Override
    public String summary() {
        return "2-D Jacobi, halos by iSend/iRecv/waitAll on a 2-D rank grid";
    }

    @Override
    public Outcome run(Intracomm world, Scale scale) throws MPIException {
        int n = scale.pick(24, 240);
        int steps = scale.pick(100, 4000);
        int rank = world.getRank();
        int size = world.getSize();
        int px = 1;
        for (int d = 1; d * d <= size; d++) {
            if (size % d == 0) {
                px = d;
            }
        }
        int py = size / px;
        int myX = rank % px;
        int myY = rank / px;
        int rowLo = n * myY / py;
        int rows = n * (myY + 1) / py - rowLo;
        int colLo = n * myX / px;
        int cols = n * (myX + 1) / px - colLo;
        int up = myY > 0 ? rank - px : MPI.PROC_NULL;
        int down = myY < py - 1 ? rank + px : MPI.PROC_NULL;
        int left = myX > 0 ? rank - 1 : MPI.PROC_NULL;
        int right = myX < px - 1 ? rank + 1 : MPI.PROC_NULL;

        int stride = cols + 2;
        double[] u = new double[(rows + 2) * stride];
        double[] next = new double[u.length];
        if (up == MPI.PROC_NULL) {
            for (int j = 0; j < stride; j++) {
                u[j] = 1.0;
                next[j] = 1.0;
            }
        }
        DoubleBuffer[] out = {MPI.newDoubleBuffer(cols), MPI.newDoubleBuffer(cols), MPI.newDoubleBuffer(rows),
            MPI.newDoubleBuffer(rows)};
        DoubleBuffer[] in = {MPI.newDoubleBuffer(cols), MPI.newDoubleBuffer(cols), MPI.newDoubleBuffer(rows),
            MPI.newDoubleBuffer(rows)};
        int[] peers = {up, down, left, right};
        int[] lengths = {cols, cols, rows, rows};
        Request[] requests = new Request[8];
        double[] residual = {0};
        double firstResidual = -1;
        for (int step = 0; step < steps; step++) {
            for (int k = 0; k < 4; k++) {
                requests[k] = world.iRecv(in[k], lengths[k], MPI.DOUBLE, peers[k], 20 + (k ^ 1));
            }
            for (int j = 0; j < cols; j++) {
                out[0].put(j, u[stride + 1 + j]);
                out[1].put(j, u[rows * stride + 1 + j]);
            }
            for (int i = 0; i < rows; i++) {
                out[2].put(i, u[(i + 1) * stride + 1]);
                out[3].put(i, u[(i + 1) * stride + cols]);
            }
            for (int k = 0; k < 4; k++) {
                requests[4 + k] = world.iSend(out[k], lengths[k], MPI.DOUBLE, peers[k], 20 + k);
            }
            Request.waitAll(requests);
            for (int j = 0; j < cols; j++) {
                if (up != MPI.PROC_NULL) {
                    u[1 + j] = in[0].get(j);
                }
                if (down != MPI.PROC_NULL) {
                    u[(rows + 1) * stride + 1 + j] = in[1].get(j);
                }
            }
            for (int i = 0; i < rows; i++) {
                if (left != MPI.PROC_NULL) {
                    u[(i + 1) * stride] = in[2].get(i);
                }
                if (right != MPI.PROC_NULL) {
                    u[(i + 1) * stride + cols + 1] = in[3].get(i);
                }
            }
            double change = sweep(u, next, rows, cols, stride);
            double[] swap = u;
            u = next;
            next = swap;
            if (step % 50 == 49) {
                residual[0] = change;
                world.allReduce(residual, 1, MPI.DOUBLE, MPI.MAX);
                if (firstResidual < 0) {
                    firstResidual = residual[0];
                }
            }
        }

        // Direct buffers: Open MPI 4.1.4's binding copies a heap array of gatherv into a native
        // buffer sized displs[m] * counts[m] in 32-bit arithmetic, which wraps at n = 240 on
        // 2 ranks (28,800^2 * 8 bytes) and corrupts the native heap; a direct buffer is not copied.
        DoubleBuffer mine = MPI.newDoubleBuffer(rows * cols);
        for (int i = 0; i < rows; i++) {
            mine.put(i * cols, u, (i + 1) * stride + 1, cols);
        }
        int[] shape = {rowLo, rows, colLo, cols};
        int[] shapes = new int[4 * size];
        world.gather(shape, 4, MPI.INT, shapes, 4, MPI.INT, 0);
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0, at = 0; r < size; r++) {
            counts[r] = shapes[4 * r + 1] * shapes[4 * r + 3];
            displs[r] = at;
            at += counts[r];
        }
        DoubleBuffer all = MPI.newDoubleBuffer(rank == 0 ? n * n : 1);
        world.gatherv(mine, rows * cols, MPI.DOUBLE, all, counts, displs, MPI.DOUBLE, 0);
        boolean ok = true;
        String checksum = "";
        String detail = "";
        if (rank == 0) {
            double[] serial = serial(n, steps);
            double sum = 0;
            int mismatches = 0;
            for (int r = 0; r < size; r++) {
                for (int i = 0; i < shapes[4 * r + 1]; i++) {
                    for (int j = 0; j < shapes[4 * r + 3]; j++) {
                        double v = all.get(displs[r] + i * shapes[4 * r + 3] + j);
                        int gi = shapes[4 * r] + i;
                        int gj = shapes[4 * r + 2] + j;
                        if (Double.doubleToLongBits(v) != Double.doubleToLongBits(serial[(gi + 1) * (n + 2) + gj + 1])) {
                            mismatches++;
                        }
                        sum += v;
                    }
                }
            }
            ok = mismatches == 0 && residual[0] < firstResidual;
            checksum = String.format(Locale.ROOT, "%.12e", sum);
            detail = String.format(Locale.ROOT, "n=%d steps=%d ranks %dx%d, %d values differ from the serial run, "
                    + "last change %.3e", n, steps, px, py, mismatches, residual[0]);
        }
        return new Outcome(checksum, ok, detail);
    }

    /** One Jacobi step over the interior; returns the largest change. */
    private static double sweep(double[] u, double[] next, int rows, int cols, int stride) {
        double change = 0;
        for (int i = 1; i <= rows; i++) {
            for (int j = 1, at = i * stride + 1; j <= cols; j++, at++) {
                // (north + south) + (west + east): the same sum on any decomposition
                double v = 0.25 * ((u[at - stride] + u[at + stride]) + (u[at - 1] + u[at + 1]));
                change = Math.max(change, Math.abs(v - u[at]));
                next[at] = v;
            }
        }
        return change;
    }

    /** The same iteration on one rank, for verification. */
    private static double[] serial(int n, int steps) {
        int stride = n + 2;
        double[] u = new double[stride * stride];
        double[] next = new double[u.length];
        for (int j = 0; j < stride; j++) {
            u[j] = 1.0;
            next[j] = 1.0;
        }
        for (int step = 0; step < steps; step++) {
            sweep(u, next, n, n, stride);
            double[] swap = u;
            u = next;
            next = swap;
        }
        return u;
    }
}
