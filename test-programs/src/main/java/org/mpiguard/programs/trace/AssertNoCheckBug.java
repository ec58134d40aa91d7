package org.mpiguard.programs.trace;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Buggy (rma.assert-nocheck): ranks 0 and 2 both lock rank 1's window exclusively asserting
 * MPI.MODE_NOCHECK (no other process will attempt a conflicting lock meanwhile) between the
 * same two barriers, and put into the same int. The assertions are false: MPI takes no lock,
 * so the two puts race (rma.put-put) too. Twins: {@link AssertNoCheckOrdered},
 * {@link AssertNoCheckShared}. 3 ranks.
 */
public final class AssertNoCheckBug {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer base = MPI.newIntBuffer(2);
        Win win = new Win(base, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer out = MPI.newIntBuffer(1).put(0, 10 + rank);
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            win.lock(MPI.LOCK_EXCLUSIVE, 1, MPI.MODE_NOCHECK); // LOCK-0
            win.put(out, 1, MPI.INT, 1, 0, 1, MPI.INT); // PUT-0
            win.unlock(1);
        } else if (rank == 2) {
            win.lock(MPI.LOCK_EXCLUSIVE, 1, MPI.MODE_NOCHECK); // LOCK-2
            win.put(out, 1, MPI.INT, 1, 0, 1, MPI.INT); // PUT-2
            win.unlock(1);
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 1) {
            System.out.println("slot 0 holds " + base.get(0));
        }
        win.free();
        MPI.Finalize();
    }
}
