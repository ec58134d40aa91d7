package org.mpiguard.bench.kernels;

import java.nio.DoubleBuffer;
import java.util.Locale;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * 1-D Jacobi iteration whose halo exchange is one-sided: each step is a fence epoch in
 * which every rank puts its two edge values into its neighbours' ghost cells of a window
 * over a direct buffer. Verified bit for bit: rank 0 gathers the line and recomputes the
 * same iteration serially.
 */
final class Jacobi1dRma implements Kernel {

    @Override
    public String name() {
        return "jacobi1d-rma";
    }

    @Override
    public String summary() {
        return "1-D Jacobi, halos by Win.put in fence epochs";
    }

    @Override
    public Outcome run(Intracomm world, Scale scale) throws MPIException {
        int n = scale.pick(200, 20_000);
        int steps = scale.pick(50, 20_000);
        int rank = world.getRank();
        int size = world.getSize();
        int first = (int) ((long) n * rank / size);
        int count = (int) ((long) n * (rank + 1) / size) - first;
        int left = rank > 0 ? rank - 1 : MPI.PROC_NULL;
        int right = rank < size - 1 ? rank + 1 : MPI.PROC_NULL;

        // window layout: ghost, count values, ghost; both ends of the line are held at 1
        DoubleBuffer line = MPI.newDoubleBuffer(count + 2);
        DoubleBuffer toLeft = MPI.newDoubleBuffer(1);
        DoubleBuffer toRight = MPI.newDoubleBuffer(1);
        double[] next = new double[count + 2];
        if (left == MPI.PROC_NULL) {
            line.put(0, 1.0);
        }
        if (right == MPI.PROC_NULL) {
            line.put(count + 1, 1.0);
        }
        Win win = new Win(line, count + 2, 1, MPI.INFO_NULL, world);
        win.fence(MPI.MODE_NOPRECEDE);
        for (int step = 0; step < steps; step++) {
            toLeft.put(0, line.get(1));
            toRight.put(0, line.get(count));
            if (left != MPI.PROC_NULL) {
                win.put(toLeft, 1, MPI.DOUBLE, left, rightGhostOf(n, size, left), 1, MPI.DOUBLE);
            }
            if (right != MPI.PROC_NULL) {
                win.put(toRight, 1, MPI.DOUBLE, right, 0, 1, MPI.DOUBLE);
            }
            win.fence(0);
            for (int i = 1; i <= count; i++) {
                next[i] = 0.5 * (line.get(i - 1) + line.get(i + 1));
            }
            for (int i = 1; i <= count; i++) {
                line.put(i, next[i]);
            }
            win.fence(0);
        }
        win.fence(MPI.MODE_NOSUCCEED);
        win.free();

        double[] mine = new double[count];
        line.get(1, mine, 0, count);
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            displs[r] = (int) ((long) n * r / size);
            counts[r] = (int) ((long) n * (r + 1) / size) - displs[r];
        }
        double[] all = new double[rank == 0 ? n : 0];
        world.gatherv(mine, count, MPI.DOUBLE, all, counts, displs, MPI.DOUBLE, 0);
        if (rank != 0) {
            return new Outcome("", true, "");
        }
        double[] serial = serial(n, steps);
        int mismatches = 0;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            if (Double.doubleToLongBits(all[i]) != Double.doubleToLongBits(serial[i + 1])) {
                mismatches++;
            }
            sum += all[i];
        }
        return new Outcome(String.format(Locale.ROOT, "%.12e", sum), mismatches == 0,
                String.format(Locale.ROOT, "n=%d steps=%d, %d values differ from the serial run", n, steps, mismatches));
    }

    /** Displacement of the right ghost cell in rank {@code r}'s window. */
    private static int rightGhostOf(int n, int size, int r) {
        int count = (int) ((long) n * (r + 1) / size) - (int) ((long) n * r / size);
        return count + 1;
    }

    private static double[] serial(int n, int steps) {
        double[] u = new double[n + 2];
        double[] next = new double[n + 2];
        u[0] = 1.0;
        u[n + 1] = 1.0;
        for (int step = 0; step < steps; step++) {
            for (int i = 1; i <= n; i++) {
                next[i] = 0.5 * (u[i - 1] + u[i + 1]);
            }
            System.arraycopy(next, 1, u, 1, n);
        }
        return u;
    }
}
