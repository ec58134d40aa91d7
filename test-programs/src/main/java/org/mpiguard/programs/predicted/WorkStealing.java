package org.mpiguard.programs.predicted;

import java.nio.IntBuffer;
import java.util.ArrayDeque;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * Correct work-stealing loop: rank 0 starts with every task; a rank with none steals from
 * the others in turn (it posts the receive of the answer, sends STEAL, and serves the
 * requests that reach it while it waits), a victim answers a thief with half its tasks (or
 * none), and a rank that found nothing at any victim tells rank 0 it is idle; once every
 * rank is, rank 0 stops them all. Which thief is served first changes from run to run, and
 * every request is probed for ({@code iProbe(ANY_SOURCE)}) and taken from
 * {@code status.getSource()}. No schedule deadlocks: silent.
 */
public final class WorkStealing {
    static final int TASKS = 64;
    static final int STEAL = 11;
    static final int WORK = 12;
    static final int IDLE = 13;
    static final int STOP = 14;

    private final int rank;
    private final int size;
    private final ArrayDeque<Integer> tasks = new ArrayDeque<>();
    private int idle;
    private boolean stopped;
    private long sum;

    private WorkStealing(int rank, int size) {
        this.rank = rank;
        this.size = size;
    }

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        WorkStealing w = new WorkStealing(MPI.COMM_WORLD.getRank(), MPI.COMM_WORLD.getSize());
        if (w.rank == 0) {
            for (int t = 1; t <= TASKS; t++) {
                w.tasks.add(t);
            }
        }
        w.run();
        long[] local = {w.sum};
        long[] total = new long[1];
        MPI.COMM_WORLD.reduce(local, total, 1, MPI.LONG, MPI.SUM, 0); // TOTAL
        if (w.rank == 0) {
            System.out.println("sum " + total[0]);
        }
        MPI.Finalize();
    }

    private void run() throws MPIException, InterruptedException {
        boolean idleSaid = false;
        int failures = 0;
        int victim = rank;
        while (!stopped) {
            serve();
            if (!tasks.isEmpty()) {
                int t = tasks.poll();
                sum += (long) t * t;
                Thread.sleep(1);
            } else if (!idleSaid && size > 1) {
                victim = (victim + 1) % size == rank ? (victim + 2) % size : (victim + 1) % size;
                failures = steal(victim) ? 0 : failures + 1;
                if (failures == size - 1) {
                    idleSaid = true;
                    if (rank == 0) {
                        idle++;
                    } else {
                        MPI.COMM_WORLD.send(new int[0], 0, MPI.INT, 0, IDLE); // SAY-IDLE
                    }
                }
            } else {
                Thread.sleep(1);
            }
            if (rank == 0 && idle == size && !stopped) {
                for (int r = 1; r < size; r++) {
                    MPI.COMM_WORLD.send(new int[0], 0, MPI.INT, r, STOP); // STOP
                }
                stopped = true;
            }
            if (size == 1) {
                stopped = true;
            }
        }
    }

    /** Asks {@code victim} for work, serving others while the answer is on its way; true when some came. */
    private boolean steal(int victim) throws MPIException, InterruptedException {
        IntBuffer answer = MPI.newIntBuffer(1 + TASKS);
        Request got = MPI.COMM_WORLD.iRecv(answer, 1 + TASKS, MPI.INT, victim, WORK); // AWAIT-WORK
        Request asked = MPI.COMM_WORLD.iSend(MPI.newIntBuffer(1), 0, MPI.INT, victim, STEAL); // ASK
        while (!got.test()) {
            serve();
            Thread.sleep(0, 200_000);
        }
        asked.waitFor();
        for (int i = 1; i <= answer.get(0); i++) {
            tasks.add(answer.get(i));
        }
        return answer.get(0) > 0;
    }

    /** Answers every steal request (and, on rank 0, idle message; elsewhere the stop) already here. */
    private void serve() throws MPIException {
        Status s;
        while ((s = MPI.COMM_WORLD.iProbe(MPI.ANY_SOURCE, STEAL)) != null) {
            MPI.COMM_WORLD.recv(new int[0], 0, MPI.INT, s.getSource(), STEAL); // TAKE-STEAL
            int[] give = new int[1 + TASKS];
            int half = tasks.size() / 2;
            for (int i = 0; i < half; i++) {
                give[1 + i] = tasks.pollLast();
            }
            give[0] = half;
            MPI.COMM_WORLD.send(give, 1 + half, MPI.INT, s.getSource(), WORK); // GIVE
        }
        if (rank == 0) {
            while ((s = MPI.COMM_WORLD.iProbe(MPI.ANY_SOURCE, IDLE)) != null) {
                MPI.COMM_WORLD.recv(new int[0], 0, MPI.INT, s.getSource(), IDLE); // TAKE-IDLE
                idle++;
            }
        } else if (MPI.COMM_WORLD.iProbe(0, STOP) != null) {
            MPI.COMM_WORLD.recv(new int[0], 0, MPI.INT, 0, STOP); // TAKE-STOP
            stopped = true;
        }
    }
}
