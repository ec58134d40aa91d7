package org.mpiguard.programs.rmaonline;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/** Twin of {@link BtBroadcastSpin}: each poll is its own epoch, and the result is read after unlock. */
public final class BtBroadcastSpinFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer flag = MPI.newIntBuffer(1);
        Win win = new Win(flag, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        if (rank == 0) {
            win.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
            flag.put(0, 1);
            win.unlock(0);
        } else if (rank == 1) {
            IntBuffer seen = MPI.newIntBuffer(1);
            do {
                win.lock(MPI.LOCK_SHARED, 0, 0);
                win.get(seen, 1, MPI.INT, 0, 0, 1, MPI.INT);
                win.unlock(0);
            } while (seen.get(0) == 0);
            System.out.println("rank 1 saw the flag");
        }
        MPI.COMM_WORLD.barrier();
        win.free();
        MPI.Finalize();
    }
}
