package org.mpiguard.programs.scale;

import mpi.CartComm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Correct: the ranks make {@value #TOTAL_CALLS} collective calls in total (summed over all
 * ranks; at 16 ranks 6,250 each), ten per step, on four communicators (world, a split
 * into even and odd ranks, a dup of world and a 2-D periodic cart), mixing barrier,
 * allReduce, bcast, reduce and allGather. An optional argument sets the calls per rank
 * instead. Every result is verified; rank 0 prints a checksum. Meant for 16 ranks; works
 * for any even size.
 */
public final class ManyCollectives {
    static final int TOTAL_CALLS = 100_000;
    private static final int PER_STEP = 10;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        Intracomm half = world.split(rank % 2, rank);
        Intracomm dup = world.dup();
        CartComm cart = world.createCart(new int[] {2, size / 2}, new boolean[] {true, true}, false);
        int halfSize = half.getSize();
        int halfRankSum = 0;
        for (int r = rank % 2; r < size; r += 2) {
            halfRankSum += r;
        }
        int worldRankSum = size * (size - 1) / 2;
        int callsPerRank = args.length > 0 ? Integer.parseInt(args[0]) : TOTAL_CALLS / size;
        int steps = callsPerRank / PER_STEP;

        long checksum = 0;
        int[] one = new int[1];
        int[] out = new int[1];
        int[] gathered = new int[size];
        for (int step = 0; step < steps; step++) {
            world.barrier();
            world.allReduce(new int[] {rank}, out, 1, MPI.INT, MPI.SUM);
            expect(out[0] == worldRankSum, "world allReduce", step);

            one[0] = half.getRank() == 0 ? step : -1;
            half.bcast(one, 1, MPI.INT, 0);
            expect(one[0] == step, "split bcast", step);
            half.reduce(new int[] {rank}, out, 1, MPI.INT, MPI.SUM, 0);
            expect(half.getRank() != 0 || out[0] == halfRankSum, "split reduce", step);
            half.barrier();

            dup.allGather(new int[] {rank + step}, 1, MPI.INT, gathered, 1, MPI.INT);
            expect(gathered[size - 1] == size - 1 + step, "dup allGather", step);
            one[0] = rank == size - 1 ? step * 3 : 0;
            dup.bcast(one, 1, MPI.INT, size - 1);
            expect(one[0] == step * 3, "dup bcast", step);

            cart.allReduce(new int[] {1}, out, 1, MPI.INT, MPI.SUM);
            expect(out[0] == size, "cart allReduce", step);
            cart.reduce(new int[] {step % 7}, out, 1, MPI.INT, MPI.MAX, 0);
            expect(cart.getRank() != 0 || out[0] == step % 7, "cart reduce", step);
            cart.barrier();

            checksum += gathered[rank] + one[0] + (long) halfSize;
        }
        long[] total = new long[1];
        world.reduce(new long[] {checksum}, total, 1, MPI.LONG, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println(steps * PER_STEP * size + " collective calls on 4 communicators, checksum " + total[0]);
        }
        cart.free();
        dup.free();
        half.free();
        MPI.Finalize();
    }

    private static void expect(boolean ok, String what, int step) {
        if (!ok) {
            throw new IllegalStateException(what + " gave a wrong result at step " + step);
        }
    }
}
