package org.mpiguard.programs.args;

import java.nio.IntBuffer;
import mpi.CartComm;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/** The twin of {@link CollectiveArgs}: the same collectives with valid arguments. Silent. */
public class CollectiveArgsFixed {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        int size = comm.getSize();
        int[] one = {rank + 1};
        int[] all = new int[size];
        int[] two = {rank, rank};
        int[] sums = new int[2];
        int[] ones = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            ones[r] = 1;
            displs[r] = r;
        }
        comm.bcast(two, 2, MPI.INT, 0);
        comm.gather(one, 1, MPI.INT, rank == 0 ? all : null, 1, MPI.INT, 0);
        comm.scatter(all, 1, MPI.INT, one, 1, MPI.INT, 0);
        comm.allGather(one, 1, MPI.INT, all, 1, MPI.INT);
        comm.allToAll(all, 1, MPI.INT, new int[size], 1, MPI.INT);
        comm.gatherv(one, 1, MPI.INT, all, ones, displs, MPI.INT, 0);
        comm.scatterv(all, ones, displs, MPI.INT, one, 1, MPI.INT, 0);
        comm.allGatherv(one, 1, MPI.INT, all, ones, displs, MPI.INT);
        comm.allToAllv(all, ones, displs, MPI.INT, new int[size], ones, displs, MPI.INT);
        comm.reduce(two, sums, 2, MPI.INT, MPI.SUM, 0);
        comm.allReduce(two, sums, 2, MPI.INT, MPI.MAX);
        comm.allReduce(sums, 2, MPI.INT, MPI.SUM);
        comm.allReduce(new double[] {1.5}, new double[1], 1, MPI.DOUBLE, MPI.MIN);
        comm.allReduce(new boolean[] {true}, new boolean[1], 1, MPI.BOOLEAN, MPI.LAND);
        comm.scan(two, sums, 2, MPI.INT, MPI.SUM);
        comm.reduceScatterBlock(new int[2 * size], sums, 2, MPI.INT, MPI.BXOR);
        comm.reduceScatter(new int[size], one, ones, MPI.INT, MPI.SUM);
        IntBuffer direct = MPI.newIntBuffer(2);
        Request r = comm.iAllReduce(direct, MPI.newIntBuffer(2), 2, MPI.INT, MPI.SUM);
        r.waitFor();
        // v-collectives with gaps, empty blocks, displacements out of rank order, in place,
        // and heap arrays whose blocks fit the binding's native copy: nothing to say
        int[] gaps = new int[size];
        int[] counts = new int[size];
        for (int q = 0; q < size; q++) {
            gaps[q] = 3 * (size - 1 - q);
            counts[q] = q % 2 == 0 ? 2 : 0;
        }
        int[] spread = new int[3 * size];
        comm.allGatherv(new int[] {rank, rank}, counts[rank], MPI.INT, spread, counts, gaps, MPI.INT);
        comm.allGatherv(spread, counts, gaps, MPI.INT);
        comm.gatherv(new int[] {rank, rank}, counts[rank], MPI.INT, spread, counts, gaps, MPI.INT, 0);
        if (rank == 0) {
            comm.gatherv(spread, counts, gaps, MPI.INT, 0);
        } else {
            comm.gatherv(new int[] {rank, rank}, counts[rank], MPI.INT, 0);
        }
        int n = 2_000;
        int[] many = new int[size];
        int[] manyAt = new int[size];
        for (int q = 0; q < size; q++) {
            many[q] = n;
            manyAt[q] = q * n;
        }
        double[] block = new double[n];
        double[] wide = new double[n * size];
        comm.gatherv(block, n, MPI.DOUBLE, wide, many, manyAt, MPI.DOUBLE, 0);
        comm.allToAllv(wide, many, manyAt, MPI.DOUBLE, new double[n * size], many, manyAt, MPI.DOUBLE);
        CartComm ring = comm.createCart(new int[] {size}, new boolean[] {true}, false);
        int[] twice = {1, 1};
        ring.neighborAllGatherv(one, 1, MPI.INT, new int[2], twice, new int[] {1, 0}, MPI.INT);
        ring.free();
        Intracomm half = comm.split(rank % 2, 0);
        Intercomm inter = comm.createIntercomm(half, 0, 1 - rank % 2, 99);
        inter.allReduce(two, sums, 2, MPI.INT, MPI.SUM);
        inter.free();
        half.free();
        comm.barrier();
        MPI.Finalize();
    }
}
