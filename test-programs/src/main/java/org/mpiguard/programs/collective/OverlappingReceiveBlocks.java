package org.mpiguard.programs.collective;

import java.util.Arrays;
import mpi.MPI;
import mpi.MPIException;

/**
 * Every rank contributes 3 values to an allGatherv whose displacements step by 2: each
 * rank's block overlaps the next one's by an element, so MPI writes that element twice
 * and which rank's value stays is undefined (the standard makes the call erroneous).
 * Without the checker it runs and prints whatever MPI left; with it too, and each rank is
 * warned of the call, naming both blocks. {@link OverlappingReceiveBlocksFixed} steps by 3.
 */
public final class OverlappingReceiveBlocks {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] mine = {rank, rank, rank};
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            counts[r] = 3;
            displs[r] = 2 * r;
        }
        int[] all = new int[3 * size];
        MPI.COMM_WORLD.allGatherv(mine, 3, MPI.INT, all, counts, displs, MPI.INT); // OVERLAP-SITE
        System.out.println("rank " + rank + " got " + Arrays.toString(all));
        MPI.Finalize();
    }
}
