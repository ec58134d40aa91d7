package org.mpiguard.programs.collective;

import java.nio.DoubleBuffer;
import mpi.MPI;
import mpi.MPIException;

/**
 * The twin of {@link HeapGathervCorrupts}: the same 16,384 doubles a rank gathered into
 * direct buffers, which the binding passes to MPI by address, and a heap gatherv of
 * 1,000 doubles a rank, whose blocks fit the binding's copy. Silent; the sums print.
 */
public final class HeapGathervCorruptsFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int n = 16_384;
        DoubleBuffer mine = MPI.newDoubleBuffer(n);
        for (int i = 0; i < n; i++) {
            mine.put(i, rank + 1);
        }
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            counts[r] = n;
            displs[r] = r * n;
        }
        DoubleBuffer all = MPI.newDoubleBuffer(rank == 0 ? n * size : 1);
        MPI.COMM_WORLD.gatherv(mine, n, MPI.DOUBLE, all, counts, displs, MPI.DOUBLE, 0);
        int m = 1_000;
        double[] small = new double[m];
        java.util.Arrays.fill(small, rank + 1);
        for (int r = 0; r < size; r++) {
            counts[r] = m;
            displs[r] = r * m;
        }
        double[] smallAll = new double[m * size];
        MPI.COMM_WORLD.gatherv(small, m, MPI.DOUBLE, smallAll, counts, displs, MPI.DOUBLE, 0);
        if (rank == 0) {
            double sum = 0;
            for (int i = 0; i < n * size; i++) {
                sum += all.get(i);
            }
            double smallSum = 0;
            for (double v : smallAll) {
                smallSum += v;
            }
            System.out.println("sum " + sum + " small " + smallSum);
        }
        MPI.Finalize();
    }
}
