package org.mpiguard.programs.cost;

import mpi.MPI;
import mpi.MPIException;

/**
 * Times loops of barriers and of one-int allReduces on COMM_WORLD and prints, on rank 0,
 * the mean time per call in nanoseconds: run it with and without the agent to see what
 * the collective check costs per call at a given number of ranks.
 *
 * <p>Usage: {@code CollectiveCost [iterations]} (default 20000). With
 * {@code -DcollectiveCost.threadMultiple=true} a plain run initialises MPI at
 * THREAD_MULTIPLE, as the agent does, to tell that level's cost from the check's.
 */
public final class CollectiveCost {
    public static void main(String[] args) throws MPIException {
        if (Boolean.getBoolean("collectiveCost.threadMultiple")) {
            // the level the agent's watchdog asks for: shows what that level alone costs
            MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        } else {
            MPI.Init(args);
        }
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int rank = MPI.COMM_WORLD.getRank();
        int[] value = new int[1];
        for (int i = 0; i < iterations / 10; i++) {
            MPI.COMM_WORLD.barrier();
            MPI.COMM_WORLD.allReduce(value, 1, MPI.INT, MPI.SUM);
        }
        MPI.COMM_WORLD.barrier();
        long start = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            MPI.COMM_WORLD.barrier();
        }
        long barrier = System.nanoTime() - start;
        MPI.COMM_WORLD.barrier();
        start = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            value[0] = 1;
            MPI.COMM_WORLD.allReduce(value, 1, MPI.INT, MPI.SUM);
        }
        long allReduce = System.nanoTime() - start;
        if (rank == 0) {
            System.out.println("barrier_ns " + barrier / iterations);
            System.out.println("allreduce_ns " + allReduce / iterations);
            System.out.println("allreduce_result " + value[0]);
        }
        MPI.Finalize();
    }
}
