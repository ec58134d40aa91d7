package org.mpiguard.programs.reqlife;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;

/**
 * Rank 0 makes a persistent send and waits for it without starting it: MPI returns at once
 * for an inactive request, so the message is never sent (a warning naming the wait and the
 * sendInit). Rank 1 probes for it for a while and gives up, so the job ends. With the
 * argument {@code started} (the twin) rank 0 starts it first and rank 1 receives it.
 */
public final class NeverStarted {
    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        boolean started = args.length > 0 && args[0].equals("started");
        int rank = MPI.COMM_WORLD.getRank();
        IntBuffer buf = MPI.newIntBuffer(1).put(0, 7);
        if (rank == 0) {
            Prequest p = MPI.COMM_WORLD.sendInit(buf, 1, MPI.INT, 1, 5); // MADE
            if (started) {
                p.start();
            }
            p.waitFor(); // WAIT
            p.free();
        } else if (rank == 1) {
            boolean arrived = false;
            for (int i = 0; i < 200 && !arrived; i++) {
                arrived = MPI.COMM_WORLD.iProbe(0, 5) != null;
                Thread.sleep(5);
            }
            if (arrived) {
                MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 0, 5);
            }
            System.out.println("rank 1 " + (arrived ? "got " + buf.get(0) : "got nothing"));
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
