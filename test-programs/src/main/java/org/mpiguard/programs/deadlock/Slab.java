package org.mpiguard.programs.deadlock;

import java.nio.DoubleBuffer;
import mpi.MPI;
import mpi.MPIException;

/**
 * What {@link HaloShift} and its twin share: this rank's slab of a 3-D grid cut into slabs
 * along z, not periodic, its neighbours ({@code MPI.PROC_NULL} beyond the end ranks), its
 * halos, and one Jacobi sweep along z. The halo exchange itself is the programs' own.
 */
final class Slab {

    final int rank;
    final int below;
    final int above;
    /** The planes this rank owns, each filled with its global plane number at the start. */
    double[][] planes;
    /** Direct buffers: the bindings copy nothing into them, not even from MPI.PROC_NULL. */
    final DoubleBuffer haloBelow;
    final DoubleBuffer haloAbove;
    private final boolean bottom;
    private final boolean top;

    Slab(int planeCount, int plane) throws MPIException {
        rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        bottom = rank == 0;
        top = rank == size - 1;
        below = bottom ? MPI.PROC_NULL : rank - 1;
        above = top ? MPI.PROC_NULL : rank + 1;
        planes = new double[planeCount][plane];
        for (int z = 0; z < planeCount; z++) {
            java.util.Arrays.fill(planes[z], rank * planeCount + z + 1);
        }
        haloBelow = MPI.newDoubleBuffer(plane);
        haloAbove = MPI.newDoubleBuffer(plane);
    }

    double[] lowest() {
        return planes[0];
    }

    double[] highest() {
        return planes[planes.length - 1];
    }

    /**
     * One sweep with the neighbours' planes in the halos; the bottom and top slabs keep
     * their outer plane fixed, as they have no neighbour there.
     */
    void smooth() {
        int n = planes.length;
        double[][] next = new double[n][];
        for (int z = 0; z < n; z++) {
            if ((bottom && z == 0) || (top && z == n - 1)) {
                next[z] = planes[z];
                continue;
            }
            double[] u = planes[z];
            next[z] = new double[u.length];
            for (int i = 0; i < u.length; i++) {
                double down = z == 0 ? haloBelow.get(i) : planes[z - 1][i];
                double up = z == n - 1 ? haloAbove.get(i) : planes[z + 1][i];
                next[z][i] = 0.25 * down + 0.5 * u[i] + 0.25 * up;
            }
        }
        planes = next;
    }

    /** Sums the grid over all ranks; rank 0 prints it. */
    void printChecksum(int steps) throws MPIException {
        double[] sum = {0};
        for (double[] plane : planes) {
            for (double v : plane) {
                sum[0] += v;
            }
        }
        double[] total = new double[1];
        MPI.COMM_WORLD.reduce(sum, total, 1, MPI.DOUBLE, MPI.SUM, 0);
        if (rank == 0) {
            System.out.printf("checksum after %d steps: %.6f%n", steps, total[0]);
        }
    }
}
