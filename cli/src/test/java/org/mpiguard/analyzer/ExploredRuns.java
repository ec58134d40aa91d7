package org.mpiguard.analyzer;

import java.io.IOException;
import java.nio.file.Path;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * Traces for explore's tests, written with the analyzer's RunBuilder (file {@code Prog.java},
 * class {@code demo.Prog}): what the agent would have recorded of small runs.
 */
public final class ExploredRuns {

    public static final int INT = 5;
    public static final int ANY = TraceRecorder.ANY;
    /** The line of the workers' sends and of the master's wildcard receive. */
    public static final int SEND_LINE = 11;
    public static final int RECV_LINE = 20;

    private ExploredRuns() {
    }

    /**
     * Master/worker: ranks 1..n-1 send rank 0 one message each from line 11; rank 0 receives
     * them from MPI.ANY_SOURCE at line 20, taking them in the order {@code takenOrder}.
     */
    public static Path masterWorker(Path dir, int... takenOrder) throws IOException {
        RunBuilder run = new RunBuilder(dir, takenOrder.length + 1);
        for (int q = 1; q <= takenOrder.length; q++) {
            run.rank(q).send(SEND_LINE, 0, 0, INT, 1);
        }
        for (int from : takenOrder) {
            run.rank(0).recv(RECV_LINE, ANY, 0, INT, 1, from, 0);
        }
        return run.write(true);
    }

    /**
     * A replay of {@link #masterWorker}: the receive {@code forced} (an occurrence, from 1)
     * was made with the source it took instead of MPI.ANY_SOURCE.
     */
    public static Path masterWorkerForced(Path dir, int forced, int... takenOrder) throws IOException {
        RunBuilder run = new RunBuilder(dir, takenOrder.length + 1);
        for (int q = 1; q <= takenOrder.length; q++) {
            run.rank(q).send(SEND_LINE, 0, 0, INT, 1);
        }
        for (int i = 0; i < takenOrder.length; i++) {
            run.rank(0).recv(RECV_LINE, i + 1 == forced ? takenOrder[i] : ANY, 0, INT, 1, takenOrder[i], 0);
        }
        return run.write(true);
    }

    /**
     * Rank 0 receives from MPI.ANY_SOURCE at line 20 (rank 1's message, sent at line 11),
     * then from rank 2 at line 21 (sent at line 12): rank 2's message races with rank 1's
     * from another send line.
     */
    public static Path twoSendLines(Path dir) throws IOException {
        RunBuilder run = new RunBuilder(dir, 3);
        run.rank(1).send(SEND_LINE, 0, 0, INT, 1);
        run.rank(2).send(SEND_LINE + 1, 0, 0, INT, 1);
        run.rank(0).recv(RECV_LINE, ANY, 0, INT, 1, 1, 0).recv(RECV_LINE + 1, 2, 0, INT, 1);
        return run.write(true);
    }

    /** Ranks 1 and 2 send rank 0 a message each, which it receives naming the source: no race. */
    public static Path noRace(Path dir) throws IOException {
        RunBuilder run = new RunBuilder(dir, 3);
        run.rank(1).send(SEND_LINE, 0, 0, INT, 1);
        run.rank(2).send(SEND_LINE, 0, 0, INT, 1);
        run.rank(0).recv(RECV_LINE, 1, 0, INT, 1).recv(RECV_LINE, 2, 0, INT, 1);
        return run.write(true);
    }

    /** The master/worker traces of a run cut before its end (Finalize never recorded). */
    public static Path cut(Path dir) throws IOException {
        RunBuilder run = new RunBuilder(dir, 3);
        run.rank(1).send(SEND_LINE, 0, 0, INT, 1);
        run.rank(2).send(SEND_LINE, 0, 0, INT, 1);
        run.rank(0).recv(RECV_LINE, ANY, 0, INT, 1, 2, 0);
        return run.write(false);
    }

    /** A replay that forced rank 0's receive at line 20 to rank 1, which never sent: the receive never completed. */
    public static Path starved(Path dir) throws IOException {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).irecv(RECV_LINE, 1, 0, INT, 1);
        return run.write(true);
    }
}
