package org.mpiguard.programs.trace;

import java.nio.FloatBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Request;
import mpi.Status;

/**
 * Buggy (type-mismatch through a matched probe): rank 1 sends ints; rank 0 takes the
 * message with {@code Message.mProbe(ANY_SOURCE, ...)} and {@code mRecv} into floats (with
 * argument {@code nonblocking}: {@code imProbe} until found, then {@code imRecv} and a
 * wait). The trace records the probe's match and the receive of that message, so the
 * pairing finds ints received as floats. With argument {@code twin} rank 0 receives ints.
 * Run with 2 ranks.
 */
public final class MatchedProbe {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean nonblocking = args.length > 0 && args[0].equals("nonblocking");
        boolean twin = args.length > 0 && args[args.length - 1].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 1) {
            MPI.COMM_WORLD.send(new int[] {1, 2, 3}, 3, MPI.INT, 0, 4); // SEND-SITE
        } else if (rank == 0) {
            Message message = new Message();
            if (nonblocking) {
                while (message.imProbe(MPI.ANY_SOURCE, 4, MPI.COMM_WORLD) == null) {
                    Thread.onSpinWait();
                }
                Request r = twin ? message.imRecv(MPI.newIntBuffer(3), 3, MPI.INT)
                        : message.imRecv(MPI.newFloatBuffer(3), 3, MPI.FLOAT); // NONBLOCKING-RECEIVE
                r.waitFor();
            } else {
                Status s = message.mProbe(MPI.ANY_SOURCE, 4, MPI.COMM_WORLD);
                if (twin) {
                    message.mRecv(new int[3], 3, MPI.INT);
                } else {
                    message.mRecv(new float[3], 3, MPI.FLOAT); // BLOCKING-RECEIVE
                }
                System.out.println("from " + s.getSource());
            }
        }
        MPI.Finalize();
    }
}
