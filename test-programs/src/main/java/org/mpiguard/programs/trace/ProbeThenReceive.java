package org.mpiguard.programs.trace;

import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Status;

/**
 * Correct (no message-race warning): ranks 1, 2 and 3 each send their rank to rank 0, which
 * takes the messages as they come with {@code Message.mProbe(ANY_SOURCE, ANY_TAG)}, reads the
 * probe's Status for the sender and receives that message with {@code mRecv}, storing each
 * result by its sender (Open MPI's own Java suite, pt2pt/Mprobe, does the same). Which message
 * comes first is up to the network and does not matter. With argument {@code unread} rank 0
 * never reads a Status and treats the first message as special: a race. Run with 4 ranks.
 */
public final class ProbeThenReceive {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean unread = args.length > 0 && args[0].equals("unread");
        int rank = MPI.COMM_WORLD.getRank();
        int[] value = new int[1];
        if (rank == 0) {
            int[] bySender = new int[MPI.COMM_WORLD.getSize()];
            int first = -1;
            for (int i = 1; i <= 3; i++) {
                Message message = new Message();
                Status probed = message.mProbe(MPI.ANY_SOURCE, MPI.ANY_TAG, MPI.COMM_WORLD);
                int sender = unread ? -1 : probed.getSource(); // read before the receive, as the suite does
                message.mRecv(value, 1, MPI.INT); // RECV-SITE
                if (unread) {
                    first = first < 0 ? value[0] : first;
                } else {
                    bySender[sender] = value[0];
                }
            }
            System.out.println(unread ? "first received" : "sum " + (bySender[1] + bySender[2] + bySender[3]));
        } else if (rank <= 3) {
            value[0] = rank;
            MPI.COMM_WORLD.send(value, 1, MPI.INT, 0, rank); // SEND-SITE
        }
        MPI.Finalize();
    }
}
