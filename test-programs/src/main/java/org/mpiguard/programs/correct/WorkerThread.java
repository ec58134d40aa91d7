package org.mpiguard.programs.correct;

import mpi.MPI;
import mpi.MPIException;

/**
 * Correct: {@code MPI.InitThread} asking for {@code THREAD_FUNNELED}. A plain Java worker
 * thread does local computation only (no MPI calls); the main thread joins it and then
 * performs all MPI calls, as FUNNELED requires: {@code queryThread}, {@code isThreadMain}
 * and an allReduce of the worker's result. Rank 0 prints the provided level, the
 * {@code queryThread} result and the reduced value. Works for any size of at least 2.
 */
public final class WorkerThread {
    public static void main(String[] args) throws MPIException {
        int provided = MPI.InitThread(args, MPI.THREAD_FUNNELED);
        int queried = MPI.queryThread();
        boolean isMain = MPI.isThreadMain();
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();

        // Worker: sum of 1..(rank+1)*10, computed without touching MPI.
        long[] partial = new long[1];
        int limit = (rank + 1) * 10;
        Thread worker = new Thread(() -> {
            long s = 0;
            for (int i = 1; i <= limit; i++) {
                s += i;
            }
            partial[0] = s;
        }, "worker-" + rank);
        worker.start();
        boolean interrupted = false;
        while (true) {
            try {
                worker.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }

        long[] total = new long[1];
        MPI.COMM_WORLD.allReduce(partial, total, 1, MPI.LONG, MPI.SUM);
        int[] mainCount = new int[1];
        MPI.COMM_WORLD.allReduce(new int[] {isMain ? 1 : 0}, mainCount, 1, MPI.INT, MPI.SUM);

        if (rank == 0) {
            System.out.println("requested THREAD_FUNNELED (" + MPI.THREAD_FUNNELED + ")"
                    + ", provided " + levelName(provided) + " (" + provided + ")"
                    + ", queryThread " + levelName(queried) + " (" + queried + ")");
            System.out.println("ranks reporting isThreadMain: " + mainCount[0] + "/" + size);
            System.out.println("allReduce of worker sums: " + total[0]);
        }
        MPI.Finalize();
    }

    private static String levelName(int level) {
        if (level == MPI.THREAD_SINGLE) {
            return "THREAD_SINGLE";
        } else if (level == MPI.THREAD_FUNNELED) {
            return "THREAD_FUNNELED";
        } else if (level == MPI.THREAD_SERIALIZED) {
            return "THREAD_SERIALIZED";
        } else if (level == MPI.THREAD_MULTIPLE) {
            return "THREAD_MULTIPLE";
        }
        return "unknown";
    }
}
