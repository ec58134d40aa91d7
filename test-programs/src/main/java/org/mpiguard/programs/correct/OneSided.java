package org.mpiguard.programs.correct;

import java.nio.IntBuffer;
import java.util.Arrays;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Correct: one-sided communication on a {@code Win} over a direct {@code IntBuffer}.
 * Active target: fence epochs with a {@code put} to the right neighbour, a {@code get}
 * from the right neighbour, and an {@code accumulate} (SUM) of every rank into rank 0.
 * Passive target: each rank puts into its right neighbour inside
 * {@code lock(LOCK_EXCLUSIVE)}/{@code unlock}; after a barrier and a fence every rank
 * reads its own window. The window is then freed. Window slots: 0 = put target,
 * 1 = accumulate target, 2 = passive-target put target.
 * Works for any size of at least 2; only rank 0 prints.
 */
public final class OneSided {
    private static final int WIN_INTS = 4;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;

        // Direct buffers start zeroed; the displacement unit is one int.
        IntBuffer winBuf = MPI.newIntBuffer(WIN_INTS);
        Win win = new Win(winBuf, WIN_INTS, 1, MPI.INFO_NULL, MPI.COMM_WORLD);

        IntBuffer origin = MPI.newIntBuffer(1);
        IntBuffer fetched = MPI.newIntBuffer(1);

        // Epoch 1: put rank*10+1 into slot 0 of the right neighbour.
        win.fence(MPI.MODE_NOPRECEDE);
        origin.put(0, rank * 10 + 1);
        win.put(origin, 1, MPI.INT, right, 0, 1, MPI.INT);
        win.fence(0);
        int afterPut = winBuf.get(0);

        // Epoch 2: get slot 0 of the right neighbour (it holds what this rank put there).
        win.get(fetched, 1, MPI.INT, right, 0, 1, MPI.INT);
        win.fence(0);
        int afterGet = fetched.get(0);

        // Epoch 3: every rank adds rank+1 into slot 1 of rank 0.
        IntBuffer contribution = MPI.newIntBuffer(1);
        contribution.put(0, rank + 1);
        win.accumulate(contribution, 1, MPI.INT, 0, 1, 1, MPI.INT, MPI.SUM);
        win.fence(MPI.MODE_NOSUCCEED);
        int accumulated = winBuf.get(1);

        // Passive target: put rank*100+7 into slot 2 of the right neighbour under an
        // exclusive lock; the barrier and fence make every update visible before reading.
        IntBuffer passiveOrigin = MPI.newIntBuffer(1);
        passiveOrigin.put(0, rank * 100 + 7);
        win.lock(MPI.LOCK_EXCLUSIVE, right, 0);
        win.put(passiveOrigin, 1, MPI.INT, right, 2, 1, MPI.INT);
        win.unlock(right);
        MPI.COMM_WORLD.barrier();
        win.fence(MPI.MODE_NOSUCCEED);
        int afterLock = winBuf.get(2);

        win.free();

        int[] mine = {afterPut, afterGet, afterLock};
        int[] all = new int[3 * size];
        MPI.COMM_WORLD.gather(mine, 3, MPI.INT, all, 3, MPI.INT, 0);

        if (rank == 0) {
            int[] puts = new int[size];
            int[] gets = new int[size];
            int[] locks = new int[size];
            for (int r = 0; r < size; r++) {
                puts[r] = all[3 * r];
                gets[r] = all[3 * r + 1];
                locks[r] = all[3 * r + 2];
            }
            System.out.println("fence put (from left neighbour): " + Arrays.toString(puts));
            System.out.println("fence get (own value back): " + Arrays.toString(gets));
            System.out.println("fence accumulate on rank 0: " + accumulated);
            System.out.println("lock/unlock put (from left neighbour): "
                    + Arrays.toString(locks));
        }
        MPI.Finalize();
    }
}
