package org.mpiguard.programs.collective;

import mpi.MPI;
import mpi.MPIException;

/**
 * The final gather of a stencil code: every rank gives its 16,384 doubles to rank 0 with
 * gatherv on heap arrays. A valid MPI call, but Open MPI 4.1.4's Java binding copies the
 * root's receive array into a native buffer it sizes as displs[1] * counts[1] * 8 bytes
 * in 32-bit arithmetic: 2^31, wrapped negative, so it takes its 64 KiB eager buffer and
 * MPI writes 256 KiB into it. Without the checker the root dies in glibc ("malloc(): ...")
 * or the job hangs; with it the call is refused at the root before it is made.
 * {@link HeapGathervCorruptsFixed} gathers into direct buffers.
 */
public final class HeapGathervCorrupts {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int n = 16_384;
        double[] mine = new double[n];
        java.util.Arrays.fill(mine, rank + 1);
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            counts[r] = n;
            displs[r] = r * n;
        }
        double[] all = new double[rank == 0 ? n * size : 0];
        MPI.COMM_WORLD.gatherv(mine, n, MPI.DOUBLE, all, counts, displs, MPI.DOUBLE, 0); // HAZARD-SITE
        if (rank == 0) {
            double sum = 0;
            for (double v : all) {
                sum += v;
            }
            System.out.println("sum " + sum);
        }
        MPI.Finalize();
    }
}
