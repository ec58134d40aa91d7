package org.mpiguard.programs.rmarace;

import java.nio.LongBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * A shared counter in rank 0's window: in one fence epoch rank 1 adds to it with
 * {@code accumulate(MPI.SUM)} while rank 2 reads it. With argument {@code get} (the bug)
 * rank 2 reads it with a plain {@code Win.get}, which is not atomic with the accumulates:
 * it may read a torn or stale value ({@code rma.put-get}). With {@code noop} it reads with
 * {@code getAccumulate(MPI.NO_OP)}, with {@code fetch} with {@code fetchAndOp(MPI.NO_OP)}:
 * atomic reads, which MPI's default {@code same_op_no_op} lets go with SUM accumulates of
 * the same basic type, so nothing is reported. Run with 3 ranks.
 */
public final class CounterRead {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        String mode = args.length > 0 ? args[0] : "get";
        int rank = MPI.COMM_WORLD.getRank();
        LongBuffer counter = MPI.newLongBuffer(1);
        Win win = new Win(counter, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        LongBuffer one = MPI.newLongBuffer(1);
        one.put(0, 1);
        LongBuffer seen = MPI.newLongBuffer(1);
        win.fence(0);
        if (rank == 1) {
            win.accumulate(one, 1, MPI.LONG, 0, 0, 1, MPI.LONG, MPI.SUM); // RMA: counter add
        } else if (rank == 2) {
            switch (mode) {
                case "noop" -> win.getAccumulate(one, 1, MPI.LONG, seen, 1, MPI.LONG, 0, 0, 1, MPI.LONG, MPI.NO_OP);
                case "fetch" -> win.fetchAndOp(one, seen, MPI.LONG, 0, 0, MPI.NO_OP);
                default -> win.get(seen, 1, MPI.LONG, 0, 0, 1, MPI.LONG); // RMA: counter get
            }
        }
        win.fence(0);
        if (rank == 0) {
            System.out.println("counter " + counter.get(0));
        }
        win.free();
        MPI.Finalize();
    }
}
