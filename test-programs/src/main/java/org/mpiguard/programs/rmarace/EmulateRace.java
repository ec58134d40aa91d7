package org.mpiguard.programs.rmarace;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy (a distributed-shared-memory emulation after MC-Checker's emulate, in its
 * cross-process form): rank 0 holds a shared counter in its window; every other rank
 * increments it by reading it with a get under a shared lock, adding one, and writing it
 * back with a put under another shared lock. Shared locks let the clients' gets and puts
 * overlap, so increments are lost. Run with 3 ranks. Twin: {@link EmulateRaceFixed}
 * (the read-modify-write under one exclusive lock).
 */
public final class EmulateRace {
    static final int ROUNDS = 5;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer memory = MPI.newIntBuffer(2);
        Win win = new Win(memory, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer word = MPI.newIntBuffer(1);
        MPI.COMM_WORLD.barrier();
        if (rank != 0) {
            for (int k = 0; k < ROUNDS; k++) {
                win.lock(MPI.LOCK_SHARED, 0, 0);
                win.get(word, 1, MPI.INT, 0, 0, 1, MPI.INT); // RMA: emulate get
                win.unlock(0);
                word.put(0, word.get(0) + 1);
                win.lock(MPI.LOCK_SHARED, 0, 0);
                win.put(word, 1, MPI.INT, 0, 0, 1, MPI.INT); // RMA: emulate put
                win.unlock(0);
            }
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("counter " + memory.get(0) + " of " + ROUNDS * (MPI.COMM_WORLD.getSize() - 1));
        }
        win.free();
        MPI.Finalize();
    }
}
