package org.mpiguard.programs.livelock;

import mpi.MPI;
import mpi.Status;

/**
 * Correct twin of {@link IProbeLivelock}: rank 1 opens the conversation after
 * {@value TestLoopFixed#WORK_MS} ms of work, then both ranks poll for a message that arrives.
 */
public final class IProbeFixed {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int other = 1 - rank;
        if (rank == 1) {
            Thread.sleep(TestLoopFixed.WORK_MS);
            MPI.COMM_WORLD.send(new int[] {rank}, 1, MPI.INT, other, 1);
        }
        long deadline = System.currentTimeMillis() + TestLoopLivelock.GIVE_UP_MS;
        Status greeting = null;
        while (greeting == null && System.currentTimeMillis() < deadline) {
            Thread.sleep(1);
            greeting = MPI.COMM_WORLD.iProbe(other, 1);
        }
        if (greeting != null) {
            MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, other, 1);
        }
        if (rank == 0 && greeting != null) {
            MPI.COMM_WORLD.send(new int[] {rank}, 1, MPI.INT, other, 1);
        }
        if (rank == 0) {
            System.out.println(greeting != null ? "greeted" : "no greeting after "
                    + TestLoopLivelock.GIVE_UP_MS + " ms");
        }
        MPI.Finalize();
    }
}
