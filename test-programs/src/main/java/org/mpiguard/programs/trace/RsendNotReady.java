package org.mpiguard.programs.trace;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;

/**
 * Buggy (call-ordering): rank 0 ready-sends to rank 1 while nothing tells it that rank 1's
 * receive is posted; rank 1 even posts it half a second late. MPI allows a ready send only
 * when the matching receive is already posted: the program is erroneous, though Open MPI
 * happens to deliver the message. With argument {@code nonblocking} rank 0 uses
 * {@code irSend}, with {@code persistent} a started {@code rSendInit}. Twins:
 * {@link RsendAfterBarrier}, {@link RsendAfterHandshake}, {@link RsendMasterWorker}. 2 ranks.
 */
public final class RsendNotReady {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        String form = args.length > 0 ? args[0] : "blocking";
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            IntBuffer buf = MPI.newIntBuffer(1).put(0, 42);
            if (form.equals("nonblocking")) {
                Request r = MPI.COMM_WORLD.irSend(buf, 1, MPI.INT, 1, 0); // IRSEND-SITE
                r.waitFor();
            } else if (form.equals("persistent")) {
                Prequest p = MPI.COMM_WORLD.rSendInit(buf, 1, MPI.INT, 1, 0);
                p.start(); // START-SITE
                p.waitFor();
                p.free();
            } else {
                MPI.COMM_WORLD.rSend(new int[] {42}, 1, MPI.INT, 1, 0); // RSEND-SITE
            }
        } else if (rank == 1) {
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            int[] buf = new int[1];
            MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 0, 0); // RECV-SITE
            System.out.println("got " + buf[0]);
        }
        MPI.Finalize();
    }
}
