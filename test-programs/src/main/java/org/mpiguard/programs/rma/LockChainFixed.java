package org.mpiguard.programs.rma;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/** Correct twin of {@link LockChain}: rank 0 releases the lock before the barrier. */
public final class LockChainFixed {
    private static final int OWNER = 2;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer counter = MPI.newIntBuffer(2);
        Win win = new Win(counter, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer one = MPI.newIntBuffer(1).put(0, 1);
        if (rank == 0) {
            win.lock(MPI.LOCK_EXCLUSIVE, OWNER, 0);
            win.accumulate(one, 1, MPI.INT, OWNER, 0, 1, MPI.INT, MPI.SUM);
            MPI.COMM_WORLD.send(new int[] {1}, 1, MPI.INT, 1, 0);
            win.unlock(OWNER);
        } else if (rank == 1) {
            MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 0, 0);
            win.lock(MPI.LOCK_EXCLUSIVE, OWNER, 0);
            win.accumulate(one, 1, MPI.INT, OWNER, 1, 1, MPI.INT, MPI.SUM);
            win.unlock(OWNER);
        }
        MPI.COMM_WORLD.barrier();
        MPI.COMM_WORLD.barrier();
        int[] seen = {counter.get(0) + counter.get(1)};
        MPI.COMM_WORLD.bcast(seen, 1, MPI.INT, OWNER);
        if (rank == 0) {
            System.out.println("updates under the lock: " + seen[0]);
        }
        win.free();
        MPI.Finalize();
    }
}
