package org.mpiguard.programs.predicted;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Correct master/worker, the commonest MPI pattern: the master hands each worker a first
 * task, then takes answers from {@code ANY_SOURCE} and sends the next task (or the stop
 * task -1) to {@code status.getSource()}, the worker it heard from. Which worker answers
 * first changes from run to run and the program follows it, so no schedule deadlocks:
 * silent. With argument {@code prefetch} (buggy under zero buffering) the master sends
 * every worker its second task right after its first, before collecting anything, while a
 * worker sends its answer before it takes the next task: eager buffering of the small
 * answer hides the head-to-head sends (master at PREFETCH, worker at ANSWER). With argument
 * {@code fold} (buggy: message-race) each worker gets one task and the master folds the
 * answers in the order they arrive (total * 31 + answer) without asking the Status who sent
 * them: another arrival order prints another total, and the analysis warns of COLLECT's race,
 * which it does not for the master that reads status.getSource().
 */
public final class MasterWorker {
    static final int TASKS = 24;
    static final int TASK = 1;
    static final int ANSWER = 2;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean prefetch = args.length > 0 && args[0].equals("prefetch");
        boolean fold = args.length > 0 && args[0].equals("fold");
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] task = new int[1];
        long[] answer = new long[1];
        if (rank == 0) {
            int next = 0;
            int sent = 0;
            long total = 0;
            for (int w = 1; w < size; w++) {
                task[0] = next++;
                MPI.COMM_WORLD.send(task, 1, MPI.INT, w, TASK); // FIRST-TASK
                sent++;
                if (prefetch) {
                    task[0] = next++;
                    MPI.COMM_WORLD.send(task, 1, MPI.INT, w, TASK); // PREFETCH
                    sent++;
                }
            }
            for (int answers = 0; answers < sent; answers++) {
                Status s = MPI.COMM_WORLD.recv(answer, 1, MPI.LONG, MPI.ANY_SOURCE, ANSWER); // COLLECT
                if (fold) {
                    total = total * 31 + answer[0];
                    continue;
                }
                int worker = s.getSource();
                total += answer[0];
                if (next < TASKS) {
                    task[0] = next++;
                    MPI.COMM_WORLD.send(task, 1, MPI.INT, worker, TASK); // NEXT-TASK
                    sent++;
                }
            }
            task[0] = -1;
            for (int w = 1; w < size; w++) {
                MPI.COMM_WORLD.send(task, 1, MPI.INT, w, TASK); // STOP
            }
            System.out.println("sum of squares " + total);
        } else {
            MPI.COMM_WORLD.recv(task, 1, MPI.INT, 0, TASK); // TAKE-FIRST
            while (task[0] >= 0) {
                answer[0] = (long) task[0] * task[0];
                MPI.COMM_WORLD.send(answer, 1, MPI.LONG, 0, ANSWER); // ANSWER
                MPI.COMM_WORLD.recv(task, 1, MPI.INT, 0, TASK); // TAKE
            }
        }
        MPI.Finalize();
    }
}
