package org.mpiguard.programs.cost;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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
        warmUp(value);
        MPI.COMM_WORLD.barrier();
        long checkerCpuBefore = checkerCpuNanos();
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
        long[] checkerCpu = {checkerCpuNanos() - checkerCpuBefore};
        MPI.COMM_WORLD.allReduce(checkerCpu, 1, MPI.LONG, MPI.MAX);
        if (rank == 0) {
            System.out.println("checker_cpu_ns_per_call " + checkerCpu[0] / (2L * iterations));
            // the same CPU per second of the loops: what the checker's wake-ups cost whatever the calls
            System.out.println("checker_cpu_us_per_s " + checkerCpu[0] * 1_000_000 / Math.max(1, barrier + allReduce));
            System.out.println("barrier_ns " + barrier / iterations);
            System.out.println("allreduce_ns " + allReduce / iterations);
            System.out.println("allreduce_result " + value[0]);
        }
        MPI.Finalize();
    }

    /**
     * Runs both loops for about {@link #WARM_UP_NANOS} before timing, so that compiling
     * the program's and the checker's code (and starting the checker's threads) is not
     * counted per call; rank 0 decides when, so every rank stops at the same call.
     */
    private static void warmUp(int[] value) throws MPIException {
        long start = System.nanoTime();
        int[] more = {1};
        while (more[0] != 0) {
            // loops like the timed ones, so the code is compiled for what is timed
            for (int i = 0; i < 500; i++) {
                MPI.COMM_WORLD.barrier();
            }
            for (int i = 0; i < 500; i++) {
                MPI.COMM_WORLD.allReduce(value, 1, MPI.INT, MPI.SUM);
            }
            more[0] = System.nanoTime() - start < WARM_UP_NANOS ? 1 : 0;
            MPI.COMM_WORLD.bcast(more, 1, MPI.INT, 0);
        }
    }

    /**
     * CPU time the checker's own thread has used so far (0 without the agent). Its growth
     * over the timed loops, per call, is the work the collective check does per call on a
     * rank: with one core per rank it is what the check costs; with ranks sharing cores
     * every rank waiting in the collective also waits for it.
     */
    private static long checkerCpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long total = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("mpiguard-")) {
                long cpu = threads.getThreadCpuTime(t.getId());
                total += Math.max(cpu, 0);
            }
        }
        return total;
    }

    private static final long WARM_UP_NANOS = 3_000_000_000L;
}
