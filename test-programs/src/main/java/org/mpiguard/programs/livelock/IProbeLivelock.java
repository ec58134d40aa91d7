package org.mpiguard.programs.livelock;

import mpi.MPI;
import mpi.Status;

/**
 * Buggy: both ranks poll with iProbe for the other's greeting and would answer only once
 * it arrives, so each polls in vain for a message the other never sends; each gives up
 * after {@value TestLoopLivelock#GIVE_UP_MS} ms. Twin: {@link IProbeFixed}.
 */
public final class IProbeLivelock {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int other = 1 - rank;
        long deadline = System.currentTimeMillis() + TestLoopLivelock.GIVE_UP_MS;
        Status greeting = null;
        while (greeting == null && System.currentTimeMillis() < deadline) {
            Thread.sleep(1);
            greeting = MPI.COMM_WORLD.iProbe(other, 1); // LIVELOCK-SITE
        }
        if (greeting != null) {
            MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, other, 1);
            MPI.COMM_WORLD.send(new int[] {rank}, 1, MPI.INT, other, 1);
        }
        if (rank == 0) {
            System.out.println(greeting != null ? "greeted" : "no greeting after "
                    + TestLoopLivelock.GIVE_UP_MS + " ms");
        }
        MPI.Finalize();
    }
}
