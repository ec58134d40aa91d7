package org.mpiguard.programs.correct;

import java.util.Arrays;

import mpi.CartComm;
import mpi.Comm;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.ShiftParms;

/**
 * Correct: derived communicators. {@code split} into even and odd ranks with an
 * allReduce and a sendRecv ring on each half; {@code dup} (checked CONGRUENT with
 * {@code compare}) with an allReduce; {@code create} from a {@code Group} built with
 * {@code incl} (ranks in reverse order, last rank left out) with an allReduce among
 * its members; a periodic 2-D Cartesian communicator from {@code createDims} and
 * {@code createCart} with a {@code shift} exchange along each dimension. Every
 * communicator and group it makes is freed. Works for any size of at least 2;
 * only rank 0 prints.
 */
public final class SubCommunicators {
    private static final int TAG_SUB_RING = 20;
    private static final int TAG_CART = 21;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();

        // split into even (colour 0) and odd (colour 1) ranks, keeping world order.
        int colour = rank % 2;
        Intracomm half = MPI.COMM_WORLD.split(colour, rank);
        int halfRank = half.getRank();
        int halfSize = half.getSize();
        int[] halfSum = new int[1];
        half.allReduce(new int[] {rank}, halfSum, 1, MPI.INT, MPI.SUM);
        // Ring inside the half (a self-exchange when the half has one member).
        int[] halfIn = new int[1];
        half.sendRecv(new int[] {rank}, 1, MPI.INT, (halfRank + 1) % halfSize, TAG_SUB_RING,
                halfIn, 1, MPI.INT, (halfRank + halfSize - 1) % halfSize, TAG_SUB_RING);

        // dup of COMM_WORLD.
        Intracomm dup = MPI.COMM_WORLD.dup();
        int congruent = Comm.compare(dup, MPI.COMM_WORLD) == MPI.CONGRUENT ? 1 : 0;
        int[] dupSum = new int[1];
        dup.allReduce(new int[] {rank + 1}, dupSum, 1, MPI.INT, MPI.SUM);

        // create from a group of world ranks size-2, ..., 1, 0 (the last rank is left out).
        Group worldGroup = MPI.COMM_WORLD.getGroup();
        int[] members = new int[size - 1];
        for (int i = 0; i < size - 1; i++) {
            members[i] = size - 2 - i;
        }
        Group subGroup = worldGroup.incl(members);
        Intracomm created = MPI.COMM_WORLD.create(subGroup);
        int createdRank = -1;
        int[] createdSum = {-1};
        if (!created.isNull()) {
            createdRank = created.getRank();
            created.allReduce(new int[] {rank * 10}, createdSum, 1, MPI.INT, MPI.SUM);
        }

        // Periodic Cartesian grid with a shift exchange along each dimension.
        int[] dims = new int[2];
        CartComm.createDims(size, dims);
        CartComm cart = MPI.COMM_WORLD.createCart(dims, new boolean[] {true, true}, false);
        int cartRank = cart.getRank();
        int[] coords = cart.getCoords(cartRank);
        int[] fromShift = new int[2];
        for (int dim = 0; dim < 2; dim++) {
            ShiftParms shift = cart.shift(dim, 1);
            int[] in = new int[1];
            cart.sendRecv(new int[] {cartRank}, 1, MPI.INT, shift.getRankDest(), TAG_CART,
                    in, 1, MPI.INT, shift.getRankSource(), TAG_CART);
            fromShift[dim] = in[0];
        }

        int[] mine = {
            colour, halfRank, halfSize, halfSum[0], halfIn[0],
            congruent, dupSum[0],
            createdRank, createdSum[0],
            coords[0], coords[1], fromShift[0], fromShift[1]
        };
        int width = mine.length;
        int[] all = new int[width * size];
        MPI.COMM_WORLD.gather(mine, width, MPI.INT, all, width, MPI.INT, 0);

        if (!created.isNull()) {
            created.free();
        }
        subGroup.free();
        worldGroup.free();
        cart.free();
        dup.free();
        half.free();

        if (rank == 0) {
            System.out.println("dims: " + Arrays.toString(dims));
            for (int r = 0; r < size; r++) {
                int b = width * r;
                System.out.println("rank " + r
                        + ": split colour=" + all[b] + " rank=" + all[b + 1]
                        + " size=" + all[b + 2] + " sum=" + all[b + 3]
                        + " ringFrom=" + all[b + 4]
                        + "; dup congruent=" + all[b + 5] + " sum=" + all[b + 6]
                        + "; created rank=" + all[b + 7] + " sum=" + all[b + 8]
                        + "; cart coords=(" + all[b + 9] + "," + all[b + 10] + ")"
                        + " shiftFrom=(" + all[b + 11] + "," + all[b + 12] + ")");
            }
        }
        MPI.Finalize();
    }
}
