package org.mpiguard.programs.rmarace;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Correct twin of {@link EmulateRace}: each client reads, increments and writes the
 * counter under one exclusive lock (the get is complete at the flush, before the value
 * is used), so the epochs never overlap and no increment is lost. Run with 3 ranks.
 */
public final class EmulateRaceFixed {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer memory = MPI.newIntBuffer(2);
        Win win = new Win(memory, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer word = MPI.newIntBuffer(1);
        MPI.COMM_WORLD.barrier();
        if (rank != 0) {
            for (int k = 0; k < EmulateRace.ROUNDS; k++) {
                win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
                win.get(word, 1, MPI.INT, 0, 0, 1, MPI.INT);
                win.flush(0);
                word.put(0, word.get(0) + 1);
                win.put(word, 1, MPI.INT, 0, 0, 1, MPI.INT);
                win.unlock(0);
            }
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("counter " + memory.get(0) + " of " + EmulateRace.ROUNDS * (MPI.COMM_WORLD.getSize() - 1));
        }
        win.free();
        MPI.Finalize();
    }
}
