package org.mpiguard.programs.predicted;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Correct probe-then-receive server: rank 0 probes for any client's next request
 * ({@code ANY_SOURCE}, {@code ANY_TAG}), sizes the buffer from the Status, receives exactly
 * that message ({@code status.getSource()}, {@code status.getTag()}) and answers the client
 * it came from; each client sends a request of its own length, waits for the answer, and
 * ends with a DONE message. Silent. With argument {@code pipelined} (buggy under zero
 * buffering) each client sends its next request before it takes the answer to the last,
 * while the server answers with a blocking send before it probes again: eager buffering
 * hides the head-to-head sends (server at REPLY, client at REQUEST).
 */
public final class ProbeServer {
    static final int REQUESTS = 6;
    static final int REQUEST = 3;
    static final int DONE = 4;
    static final int REPLY = 5;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean pipelined = args.length > 0 && args[0].equals("pipelined");
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] reply = new int[1];
        if (rank == 0) {
            long served = 0;
            for (int clients = size - 1; clients > 0; ) {
                Status s = MPI.COMM_WORLD.probe(MPI.ANY_SOURCE, MPI.ANY_TAG); // PROBE
                int[] request = new int[s.getCount(MPI.INT)];
                MPI.COMM_WORLD.recv(request, request.length, MPI.INT, s.getSource(), s.getTag()); // TAKE
                if (s.getTag() == DONE) {
                    clients--;
                    continue;
                }
                reply[0] = request.length;
                served += request.length;
                MPI.COMM_WORLD.send(reply, 1, MPI.INT, s.getSource(), REPLY); // REPLY
            }
            System.out.println("served " + served + " ints");
        } else {
            int[] request = new int[rank];
            for (int i = 0; i < REQUESTS; i++) {
                MPI.COMM_WORLD.send(request, rank, MPI.INT, 0, REQUEST); // REQUEST
                if (!pipelined || i > 0) {
                    MPI.COMM_WORLD.recv(reply, 1, MPI.INT, 0, REPLY); // ANSWER
                }
            }
            if (pipelined) {
                MPI.COMM_WORLD.recv(reply, 1, MPI.INT, 0, REPLY); // LAST-ANSWER
            }
            MPI.COMM_WORLD.send(request, 0, MPI.INT, 0, DONE); // DONE
        }
        MPI.Finalize();
    }
}
