package org.mpiguard.bench.kernels;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * After NAS MG: V-cycle multigrid for the 2-D Poisson equation on a cell-centred grid
 * with zero Dirichlet boundary, rows split over the ranks at every level. Red-black
 * Gauss-Seidel smoothing, four-cell restriction and bilinear prolongation, each with a
 * halo exchange by sendRecv, and a residual norm by allReduce per cycle, so the
 * communication is many short messages on grids from fine to coarse. Verified by the
 * residual: it must fall by a factor of at least a million (a thousand at smoke size).
 */
final class Mg implements Kernel {

    private static final int PRE_SWEEPS = 2;
    private static final int POST_SWEEPS = 2;
    private static final int COARSE_SWEEPS = 40;

    @Override
    public String name() {
        return "mg";
    }

    @Override
    public String summary() {
        return "NAS MG-like: 2-D V-cycles, halos by sendRecv on every level, allReduce per cycle";
    }

    /** One grid of the hierarchy: solution, right-hand side and residual with ghosts. */
    private static final class Level {
        final RowBlock grid;
        final double[] u;
        final double[] f;
        final double[] r;
        final double invH2;
        final double[] sendRow;
        final double[] recvRow;

        Level(Intracomm comm, int n) throws MPIException {
            grid = new RowBlock(comm, n, n);
            u = grid.newField();
            f = grid.newField();
            r = grid.newField();
            invH2 = (double) n * n;
            sendRow = new double[n];
            recvRow = new double[n];
        }
    }

    @Override
    public Outcome run(Intracomm world, Scale scale) throws MPIException {
        int size = world.getSize();
        int target = scale.pick(32, 2048);
        int perRank = Integer.highestOneBit(Math.max(1, target / size));
        int n = size * perRank;
        int cycles = scale.pick(4, 10);
        List<Level> levels = new ArrayList<>();
        for (int m = n; ; m /= 2) {
            levels.add(new Level(world, m));
            if (m % (2 * size) != 0 || m <= 4) {
                break;
            }
        }
        Level fine = levels.get(0);
        for (int i = 0; i < fine.grid.rows; i++) {
            for (int j = 0; j < n; j++) {
                double y = (fine.grid.firstRow + i + 0.5) / n;
                double x = (j + 0.5) / n;
                fine.f[fine.grid.at(i, j)] = Math.sin(Math.PI * x) * Math.sin(3 * Math.PI * y) + (x < 0.5 ? 1 : -0.5);
            }
        }
        double initial = residualNorm(world, fine);
        double last = initial;
        for (int c = 0; c < cycles; c++) {
            vcycle(levels, 0);
            last = residualNorm(world, fine);
        }
        double[] norm = {0};
        for (int i = 0; i < fine.grid.rows; i++) {
            for (int j = 0, at = fine.grid.at(i, 0); j < n; j++, at++) {
                norm[0] += fine.u[at] * fine.u[at];
            }
        }
        world.allReduce(norm, 1, MPI.DOUBLE, MPI.SUM);
        double reduction = last / initial;
        boolean ok = reduction < (scale == Scale.SMOKE ? 1e-3 : 1e-6);
        String checksum = String.format(Locale.ROOT, "%.10e:%.4e", Math.sqrt(norm[0] / ((double) n * n)), reduction);
        return new Outcome(checksum, ok, String.format(Locale.ROOT, "n=%d levels=%d cycles=%d residual reduced by %.3e",
                n, levels.size(), cycles, reduction));
    }

    private static void vcycle(List<Level> levels, int l) throws MPIException {
        Level level = levels.get(l);
        if (l == levels.size() - 1) {
            smooth(level, COARSE_SWEEPS);
            return;
        }
        smooth(level, PRE_SWEEPS);
        residual(level);
        Level coarse = levels.get(l + 1);
        restrict(level, coarse);
        Arrays.fill(coarse.u, 0.0);
        vcycle(levels, l + 1);
        prolongAdd(coarse, level);
        smooth(level, POST_SWEEPS);
    }

    private static void smooth(Level level, int sweeps) throws MPIException {
        RowBlock g = level.grid;
        double h2 = 1.0 / level.invH2;
        int s = g.stride;
        for (int sweep = 0; sweep < sweeps; sweep++) {
            for (int colour = 0; colour < 2; colour++) {
                fillGhosts(level, level.u);
                for (int i = 0; i < g.rows; i++) {
                    int start = (g.firstRow + i + colour) & 1;
                    for (int j = start; j < g.cols; j += 2) {
                        int at = g.at(i, j);
                        level.u[at] = 0.25 * (h2 * level.f[at] + level.u[at - 1] + level.u[at + 1]
                                + level.u[at - s] + level.u[at + s]);
                    }
                }
            }
        }
    }

    private static void residual(Level level) throws MPIException {
        RowBlock g = level.grid;
        int s = g.stride;
        fillGhosts(level, level.u);
        double[] u = level.u;
        for (int i = 0; i < g.rows; i++) {
            for (int j = 0, at = g.at(i, 0); j < g.cols; j++, at++) {
                level.r[at] = level.f[at] - level.invH2 * (4 * u[at] - u[at - 1] - u[at + 1] - u[at - s] - u[at + s]);
            }
        }
    }

    private static double residualNorm(Intracomm world, Level level) throws MPIException {
        residual(level);
        double[] sum = {0};
        RowBlock g = level.grid;
        for (int i = 0; i < g.rows; i++) {
            for (int j = 0, at = g.at(i, 0); j < g.cols; j++, at++) {
                sum[0] += level.r[at] * level.r[at];
            }
        }
        world.allReduce(sum, 1, MPI.DOUBLE, MPI.SUM);
        return Math.sqrt(sum[0]);
    }

    /** Coarse right-hand side: the mean of the four fine residuals under each coarse cell. */
    private static void restrict(Level fine, Level coarse) {
        RowBlock f = fine.grid;
        RowBlock c = coarse.grid;
        for (int i = 0; i < c.rows; i++) {
            for (int j = 0; j < c.cols; j++) {
                int at = f.at(2 * i, 2 * j);
                coarse.f[c.at(i, j)] = 0.25 * (fine.r[at] + fine.r[at + 1] + fine.r[at + f.stride] + fine.r[at + f.stride + 1]);
            }
        }
    }

    /** Adds the bilinear interpolation of the coarse correction to the fine solution. */
    private static void prolongAdd(Level coarse, Level fine) throws MPIException {
        fillGhosts(coarse, coarse.u);
        RowBlock c = coarse.grid;
        RowBlock f = fine.grid;
        double[] e = coarse.u;
        for (int i = 0; i < f.rows; i++) {
            int ci = i / 2;
            int di = (i & 1) == 0 ? -c.stride : c.stride;
            for (int j = 0; j < f.cols; j++) {
                int at = c.at(ci, j / 2);
                int dj = (j & 1) == 0 ? -1 : 1;
                fine.u[f.at(i, j)] += 0.5625 * e[at] + 0.1875 * (e[at + di] + e[at + dj]) + 0.0625 * e[at + di + dj];
            }
        }
    }

    /** Ghost rows from the neighbours, and the mirror image at the physical boundary (u = 0 on the wall). */
    private static void fillGhosts(Level level, double[] field) throws MPIException {
        RowBlock g = level.grid;
        g.exchange(field, level.sendRow, level.recvRow);
        if (g.up == MPI.PROC_NULL) {
            for (int j = 0; j < g.cols; j++) {
                field[g.at(-1, j)] = -field[g.at(0, j)];
            }
        }
        if (g.down == MPI.PROC_NULL) {
            for (int j = 0; j < g.cols; j++) {
                field[g.at(g.rows, j)] = -field[g.at(g.rows - 1, j)];
            }
        }
        for (int i = -1; i <= g.rows; i++) {
            field[g.at(i, -1)] = -field[g.at(i, 0)];
            field[g.at(i, g.cols)] = -field[g.at(i, g.cols - 1)];
        }
    }
}
