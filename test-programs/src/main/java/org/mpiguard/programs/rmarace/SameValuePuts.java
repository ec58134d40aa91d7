package org.mpiguard.programs.rmarace;

import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Ranks 1 and 2 both put into slot 2 of rank 0's window in one fence epoch, nothing
 * ordering the two puts. With argument {@code same} (the default) they put the same value:
 * a race whose result is right in this run, reported as the benign {@code rma.same-value}
 * warning. With {@code different} they put different values: an {@code rma.put-put}
 * error. With {@code store}, rank 0 itself stores into slot 2 what rank 1 puts there, in
 * the same epoch (a benign store/put race, also a warning). With {@code replace}, rank 2
 * writes the same value with {@code accumulate(MPI.REPLACE)}, which writes as a put does:
 * the warning again. With {@code twin}, the two puts are a fence apart: silent. Run with 3
 * ranks.
 */
public final class SameValuePuts {
    static final int SLOT = 2;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        String mode = args.length > 0 ? args[0] : "same";
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer mem = MPI.newIntBuffer(4);
        Win win = new Win(mem, 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer value = MPI.newIntBuffer(1);
        value.put(0, mode.equals("different") ? 40 + rank : 42);
        win.fence(0);
        if (rank == 0 && mode.equals("store")) {
            mem.put(SLOT, 42); // RMA: same-value store
        }
        if (rank == 1) {
            win.put(value, 1, MPI.INT, 0, SLOT, 1, MPI.INT); // RMA: same-value put 1
        }
        if (mode.equals("twin")) {
            win.fence(0);
        }
        if (rank == 2 && mode.equals("replace")) {
            win.accumulate(value, 1, MPI.INT, 0, SLOT, 1, MPI.INT, MPI.REPLACE); // RMA: same-value replace
        } else if (rank == 2 && !mode.equals("store")) {
            win.put(value, 1, MPI.INT, 0, SLOT, 1, MPI.INT); // RMA: same-value put 2
        }
        win.fence(0);
        if (rank == 0) {
            System.out.println("slot " + SLOT + " holds " + mem.get(SLOT));
        }
        win.free();
        MPI.Finalize();
    }
}
