package org.mpiguard.programs.rmaonline;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy, after the BT-broadcast bug of MC-Checker's Table II: rank 1 polls a flag in
 * rank 0's window with a get and reads the get's result inside the same lock epoch.
 * The result is defined only after unlock, so the loop may spin forever. Twin:
 * {@link BtBroadcastSpinFixed}.
 */
public final class BtBroadcastSpin {
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
            win.lock(MPI.LOCK_SHARED, 0, 0);
            do {
                win.get(seen, 1, MPI.INT, 0, 0, 1, MPI.INT); // POST-SITE
            } while (seen.get(0) == 0); // ACCESS-SITE
            win.unlock(0);
            System.out.println("rank 1 saw the flag");
        }
        MPI.COMM_WORLD.barrier();
        win.free();
        MPI.Finalize();
    }
}
