package org.mpiguard.programs.args;

import static org.mpiguard.programs.args.Refused.expect;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;

/**
 * The argument checks remember a call site's last valid arguments and skip the full check
 * when they repeat; a free must make them check again. Rank 0 sends twice from each site
 * with the same communicator, buffer and datatype (valid, remembered), frees the datatype
 * and the communicator, then calls the same sites with the same arguments: refused, under
 * on-error=continue, at the sites' lines. With {@code fixed}, the third round is sent and
 * received like the others and nothing is freed before it: silent.
 */
public class RememberedThenFreed {

    public static void main(String[] args) throws Exception {
        run(args, false);
    }

    static void run(String[] args, boolean fixed) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        Datatype pair = Datatype.createContiguous(2, MPI.INT);
        pair.commit();
        Intracomm copy = world.dup();
        int[] buf = new int[4];
        for (int round = 0; round < 3; round++) {
            boolean freed = round == 2 && !fixed;
            if (rank == 0) {
                if (freed) {
                    pair.free();
                    copy.free();
                }
                expect(freed, () -> world.send(buf, 1, pair, 1, 7)); // CHECK: type.freed Comm.send type
                expect(freed, () -> copy.send(buf, 2, MPI.INT, 1, 8)); // CHECK: handle.comm-freed Comm.send comm
            } else if (rank == 1 && !freed) {
                world.recv(buf, 2, MPI.INT, 0, 7);
                copy.recv(buf, 2, MPI.INT, 0, 8);
            }
        }
        if (rank != 0 || fixed) {
            pair.free();
            copy.free();
        }
        System.out.println("refused " + Refused.count());
        MPI.Finalize();
    }
}
