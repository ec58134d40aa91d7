package org.mpiguard.programs.args;

import java.nio.IntBuffer;
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
        Intracomm half = comm.split(rank % 2, 0);
        Intercomm inter = comm.createIntercomm(half, 0, 1 - rank % 2, 99);
        inter.allReduce(two, sums, 2, MPI.INT, MPI.SUM);
        inter.free();
        half.free();
        comm.barrier();
        MPI.Finalize();
    }
}
