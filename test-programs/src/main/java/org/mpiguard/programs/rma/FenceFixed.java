package org.mpiguard.programs.rma;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/** Correct twin of {@link FenceDeadlock}: the last rank takes the closing fence before its recv. */
public final class FenceFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        IntBuffer slots = MPI.newIntBuffer(1);
        Win win = new Win(slots, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer value = MPI.newIntBuffer(1).put(0, rank + 1);
        win.fence(MPI.MODE_NOPRECEDE);
        win.accumulate(value, 1, MPI.INT, 0, 0, 1, MPI.INT, MPI.SUM);
        int[] total = new int[1];
        win.fence(MPI.MODE_NOSUCCEED);
        if (rank == size - 1) {
            MPI.COMM_WORLD.recv(total, 1, MPI.INT, 0, 3);
        } else if (rank == 0) {
            MPI.COMM_WORLD.send(new int[] {slots.get(0)}, 1, MPI.INT, size - 1, 3);
            System.out.println("accumulated: " + slots.get(0));
        }
        win.free();
        MPI.Finalize();
    }
}
