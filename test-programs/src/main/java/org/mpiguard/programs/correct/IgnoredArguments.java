package org.mpiguard.programs.correct;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Correct: arguments the MPI standard says are ignored, each given a value that would be
 * wrong if it were used. fetchAndOp with MPI.NO_OP and an empty origin (only the target
 * is read); a window of the allocate flavor, whose base only names the element type (MPI
 * allocates the memory), given an empty IntBuffer; RMA and point-to-point calls towards
 * MPI.PROC_NULL with direct buffers too short for their counts; a zero count of another
 * element type. Each rank fetches its right neighbour's slot; rank 0 prints the values.
 */
public final class IgnoredArguments {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        IntBuffer noMemory = MPI.newIntBuffer(0);
        Win win = new Win(2, 1, MPI.INFO_NULL, MPI.COMM_WORLD, noMemory, 0);
        IntBuffer one = MPI.newIntBuffer(1);
        IntBuffer fetched = MPI.newIntBuffer(1);

        win.fence(0);
        one.put(0, 100 + rank);
        win.put(one, 1, MPI.INT, right, 1, 1, MPI.INT);
        win.put(noMemory, 8, MPI.INT, MPI.PROC_NULL, 0, 8, MPI.INT);
        win.fence(0);
        win.lock(MPI.LOCK_SHARED, right, 0);
        win.fetchAndOp(noMemory, fetched, MPI.INT, right, 1, MPI.NO_OP);
        win.unlock(right);
        MPI.COMM_WORLD.barrier();

        MPI.COMM_WORLD.send(noMemory, 4, MPI.INT, MPI.PROC_NULL, 0);
        MPI.COMM_WORLD.recv(noMemory, 4, MPI.INT, MPI.PROC_NULL, 0);
        MPI.COMM_WORLD.iSend(noMemory, 4, MPI.INT, MPI.PROC_NULL, 0).waitFor();
        MPI.COMM_WORLD.send(new double[0], 0, MPI.INT, right, 1);
        MPI.COMM_WORLD.recv(new double[0], 0, MPI.INT, (rank + size - 1) % size, 1);

        int[] all = new int[size];
        MPI.COMM_WORLD.gather(new int[] {fetched.get(0)}, 1, MPI.INT, all, 1, MPI.INT, 0);
        if (rank == 0) {
            System.out.println("fetched " + java.util.Arrays.toString(all));
        }
        win.free();
        MPI.Finalize();
    }
}
