package org.mpiguard.programs.correct;

import java.nio.IntBuffer;
import java.util.Arrays;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Correct: blocking collectives on {@code COMM_WORLD} called in the same order by
 * every rank: barrier, bcast, reduce, allReduce (SUM and MAX), gather, scatter,
 * allGather, allToAll, gatherv and scatterv with counts and displacements computed
 * from the size, an inclusive scan, and the nonblocking collectives {@code iAllReduce}
 * (direct buffers) and {@code iBarrier} completed with {@code waitFor}.
 * Works for any size of at least 2; only rank 0 prints.
 */
public final class Collectives {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();

        MPI.COMM_WORLD.barrier();

        // bcast from rank 0.
        int[] bcastBuf = new int[3];
        if (rank == 0) {
            bcastBuf[0] = 42;
            bcastBuf[1] = size;
            bcastBuf[2] = 7;
        }
        MPI.COMM_WORLD.bcast(bcastBuf, 3, MPI.INT, 0);
        // Every rank checks what it got; the checks are summed below.
        int bcastOk = bcastBuf[0] == 42 && bcastBuf[1] == size && bcastBuf[2] == 7 ? 1 : 0;

        // reduce SUM of rank+1 to rank 0.
        int[] reduceIn = {rank + 1};
        int[] reduceOut = new int[1];
        MPI.COMM_WORLD.reduce(reduceIn, reduceOut, 1, MPI.INT, MPI.SUM, 0);

        // allReduce SUM and MAX.
        int[] sumIn = {rank, rank * rank};
        int[] sumOut = new int[2];
        MPI.COMM_WORLD.allReduce(sumIn, sumOut, 2, MPI.INT, MPI.SUM);
        double[] maxIn = {rank * 1.5};
        double[] maxOut = new double[1];
        MPI.COMM_WORLD.allReduce(maxIn, maxOut, 1, MPI.DOUBLE, MPI.MAX);

        // gather rank*rank to rank 0.
        int[] gatherIn = {rank * rank};
        int[] gathered = new int[size];
        MPI.COMM_WORLD.gather(gatherIn, 1, MPI.INT, gathered, 1, MPI.INT, 0);

        // scatter i*3 from rank 0.
        int[] scatterSrc = new int[size];
        for (int i = 0; i < size; i++) {
            scatterSrc[i] = i * 3;
        }
        int[] scattered = new int[1];
        MPI.COMM_WORLD.scatter(scatterSrc, 1, MPI.INT, scattered, 1, MPI.INT, 0);

        // allGather rank+100.
        int[] allGatherIn = {rank + 100};
        int[] allGathered = new int[size];
        MPI.COMM_WORLD.allGather(allGatherIn, 1, MPI.INT, allGathered, 1, MPI.INT);
        int allGatherOk = 1;
        for (int i = 0; i < size; i++) {
            if (allGathered[i] != i + 100) {
                allGatherOk = 0;
            }
        }

        // allToAll: element j of rank r's send buffer is r*100+j; it lands at element r of rank j.
        int[] a2aSend = new int[size];
        int[] a2aRecv = new int[size];
        for (int j = 0; j < size; j++) {
            a2aSend[j] = rank * 100 + j;
        }
        MPI.COMM_WORLD.allToAll(a2aSend, 1, MPI.INT, a2aRecv, 1, MPI.INT);
        int a2aOk = 1;
        for (int j = 0; j < size; j++) {
            if (a2aRecv[j] != j * 100 + rank) {
                a2aOk = 0;
            }
        }

        // Counts and displacements for the vector collectives: rank i owns i+1 elements.
        int[] counts = new int[size];
        int[] displs = new int[size];
        int total = 0;
        for (int i = 0; i < size; i++) {
            counts[i] = i + 1;
            displs[i] = total;
            total += counts[i];
        }

        // gatherv: rank i contributes i+1 copies of i.
        int[] gathervIn = new int[rank + 1];
        Arrays.fill(gathervIn, rank);
        int[] gathervOut = new int[total];
        MPI.COMM_WORLD.gatherv(gathervIn, rank + 1, MPI.INT, gathervOut, counts, displs,
                MPI.INT, 0);

        // scatterv: rank 0 holds 0..total-1, rank i receives its i+1 elements and sums them.
        int[] scattervSrc = new int[total];
        for (int i = 0; i < total; i++) {
            scattervSrc[i] = i;
        }
        int[] scattervIn = new int[rank + 1];
        MPI.COMM_WORLD.scatterv(scattervSrc, counts, displs, MPI.INT, scattervIn, rank + 1,
                MPI.INT, 0);
        int scattervSum = Arrays.stream(scattervIn).sum();

        // Inclusive scan of rank+1.
        int[] scanIn = {rank + 1};
        int[] scanOut = new int[1];
        MPI.COMM_WORLD.scan(scanIn, scanOut, 1, MPI.INT, MPI.SUM);

        // Nonblocking collectives.
        IntBuffer iarIn = MPI.newIntBuffer(2);
        IntBuffer iarOut = MPI.newIntBuffer(2);
        iarIn.put(0, 1).put(1, 2 * rank + 1);
        Request iAllReduceReq = MPI.COMM_WORLD.iAllReduce(iarIn, iarOut, 2, MPI.INT, MPI.SUM);
        iAllReduceReq.waitFor();
        Request iBarrierReq = MPI.COMM_WORLD.iBarrier();
        iBarrierReq.waitFor();

        // Gather each rank's own view to rank 0.
        int[] mine = {
            bcastOk + allGatherOk + a2aOk,
            scattered[0],
            scattervSum,
            scanOut[0],
            sumOut[0],
            (int) maxOut[0],
            iarOut.get(1)
        };
        int width = mine.length;
        int[] all = new int[width * size];
        MPI.COMM_WORLD.gather(mine, width, MPI.INT, all, width, MPI.INT, 0);

        if (rank == 0) {
            int okCount = 0;
            int[] scatteredAll = new int[size];
            int[] scattervSums = new int[size];
            int[] scans = new int[size];
            int[] allReduceSums = new int[size];
            int[] allReduceMaxes = new int[size];
            int[] iAllReduceSums = new int[size];
            for (int r = 0; r < size; r++) {
                okCount += all[width * r];
                scatteredAll[r] = all[width * r + 1];
                scattervSums[r] = all[width * r + 2];
                scans[r] = all[width * r + 3];
                allReduceSums[r] = all[width * r + 4];
                allReduceMaxes[r] = all[width * r + 5];
                iAllReduceSums[r] = all[width * r + 6];
            }
            System.out.println("bcast: " + Arrays.toString(bcastBuf));
            System.out.println("reduce sum of rank+1: " + reduceOut[0]);
            System.out.println("allReduce sum of rank, rank^2: " + Arrays.toString(sumOut)
                    + " max of 1.5*rank: " + maxOut[0]);
            System.out.println("allReduce sums seen by each rank: "
                    + Arrays.toString(allReduceSums));
            System.out.println("allReduce max (truncated) seen by each rank: "
                    + Arrays.toString(allReduceMaxes));
            System.out.println("gather rank^2: " + Arrays.toString(gathered));
            System.out.println("scatter 3*i: " + Arrays.toString(scatteredAll));
            System.out.println("allGather on rank 0: " + Arrays.toString(allGathered));
            System.out.println("allToAll on rank 0: " + Arrays.toString(a2aRecv));
            System.out.println("gatherv: " + Arrays.toString(gathervOut));
            System.out.println("scatterv sums: " + Arrays.toString(scattervSums));
            System.out.println("scan: " + Arrays.toString(scans));
            System.out.println("iAllReduce: [" + iarOut.get(0) + ", " + iarOut.get(1)
                    + "] seen by each rank: " + Arrays.toString(iAllReduceSums));
            System.out.println("bcast/allGather/allToAll checks passed: " + okCount + "/"
                    + (3 * size));
        }
        MPI.Finalize();
    }
}
