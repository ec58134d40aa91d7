package org.mpiguard.programs.collective;

import java.util.Arrays;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/**
 * The twin of {@link OverlappingReceiveBlocks}, and the v-collectives whose blocks only
 * look close: blocks side by side, gaps between them, empty blocks, displacements in
 * reverse rank order, the in-place overload, and columns of a matrix gathered with a
 * strided datatype resized to one element, whose blocks interleave without sharing an
 * element. Silent; every rank prints what it got.
 */
public final class OverlappingReceiveBlocksFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] mine = {rank + 1, rank + 1, rank + 1};
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            counts[r] = 3;
            displs[r] = 3 * r;
        }
        int[] all = new int[3 * size];
        MPI.COMM_WORLD.allGatherv(mine, 3, MPI.INT, all, counts, displs, MPI.INT);
        System.out.println("rank " + rank + " side by side " + Arrays.toString(all));

        int[] sparse = new int[5 * size];
        for (int r = 0; r < size; r++) {
            counts[r] = r % 2 == 0 ? 3 : 0;
            displs[r] = 5 * (size - 1 - r);
        }
        MPI.COMM_WORLD.allGatherv(mine, counts[rank], MPI.INT, sparse, counts, displs, MPI.INT);
        System.out.println("rank " + rank + " gaps " + Arrays.toString(sparse));
        Arrays.fill(sparse, 5 * (size - 1 - rank), 5 * (size - 1 - rank) + counts[rank], 10 + rank);
        MPI.COMM_WORLD.allGatherv(sparse, counts, displs, MPI.INT);
        System.out.println("rank " + rank + " in place " + Arrays.toString(sparse));

        Datatype column = Datatype.createVector(2, 1, size, MPI.INT);
        Datatype oneWide = Datatype.createResized(column, 0, 4);
        oneWide.commit();
        int[] matrix = new int[2 * size];
        int[] ones = new int[size];
        int[] at = new int[size];
        for (int r = 0; r < size; r++) {
            ones[r] = 1;
            at[r] = r;
        }
        MPI.COMM_WORLD.gatherv(new int[] {rank, 100 + rank}, 2, MPI.INT, matrix, ones, at, oneWide, 0);
        if (rank == 0) {
            System.out.println("columns " + Arrays.toString(matrix));
        }
        oneWide.free();
        column.free();
        MPI.Finalize();
    }
}
