package org.mpiguard.programs.args;

import static org.mpiguard.programs.args.Refused.expect;

import mpi.Comm;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The argument checks remember a call site's last valid arguments and skip the full check
 * when they repeat; a free must make them check again. Rank 0 sends twice from each site
 * with the same communicator, buffer and datatype (valid, remembered), frees the datatype
 * or the communicator, then calls the same site with the same arguments: refused, under
 * on-error=continue, at the site's line. With {@code fixed}, nothing is freed: silent.
 */
public class RememberedThenFreed {

    static void sendPair(Comm comm, int[] buf, Datatype pair) throws MPIException {
        comm.send(buf, 1, pair, 1, 7); // CHECK: type.freed Comm.send type
    }

    static void sendOn(Comm comm, int[] buf) throws MPIException {
        comm.send(buf, 2, MPI.INT, 1, 8); // CHECK: handle.comm-freed Comm.send comm
    }

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
        if (rank == 0) {
            sendPair(world, buf, pair);
            sendPair(world, buf, pair);
            sendOn(copy, buf);
            sendOn(copy, buf);
            if (!fixed) {
                pair.free();
                copy.free();
                expect(() -> sendPair(world, buf, pair));
                expect(() -> sendOn(copy, buf));
            }
        } else if (rank == 1) {
            for (int i = 0; i < 2; i++) {
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
