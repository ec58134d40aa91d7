package org.mpiguard.core.deadlock;

import java.util.List;
import org.mpiguard.core.activity.WaitKind;

/** Builders of rank statuses for the graph tests. */
final class Statuses {

    private Statuses() {
    }

    static RankStatus running(int rank) {
        return new RankStatus(rank, RankState.RUNNING, 10, List.of());
    }

    static RankStatus finished(int rank, int line) {
        return new RankStatus(rank, RankState.FINISHED, 10, List.of(thread(WaitKind.FINALIZE, "MPI.Finalize", line,
                new int[0], false, "")));
    }

    static RankStatus recv(int rank, int from) {
        return blocked(rank, thread(WaitKind.RECEIVE, "Comm.recv", 31, new int[] {from}, false, ""));
    }

    static RankStatus send(int rank, int to) {
        return blocked(rank, thread(WaitKind.SEND, "Comm.send", 40, new int[] {to}, false, ""));
    }

    static RankStatus recvAny(int rank, int... candidates) {
        return blocked(rank, thread(WaitKind.RECEIVE, "Comm.recv", 33, candidates, true, ""));
    }

    static RankStatus collective(int rank, String op, String comm, int... others) {
        return blocked(rank, thread(WaitKind.COLLECTIVE, op, 50, others, false, comm));
    }

    /** The key of MPI.COMM_WORLD in point-to-point envelopes. */
    static final String WORLD = "1";

    /** A blocking send (or a wait on a send request) of a message with {@code tag}. */
    static RankStatus send(int rank, String op, int to, int tag, String comm) {
        return blocked(rank, p2p(WaitKind.SEND, op, 40, new int[] {to}, false, Envelopes.send(to, tag, comm)));
    }

    /** A blocking receive or probe from {@code from} ({@link Envelopes#ANY} with the other ranks as candidates). */
    static RankStatus receive(int rank, String op, int from, int tag, String comm, int... candidates) {
        boolean any = from == Envelopes.ANY;
        return blocked(rank, p2p(WaitKind.RECEIVE, op, 31, any ? candidates : new int[] {from}, any,
                Envelopes.receive(from, tag, comm)));
    }

    /** sendRecv; {@link Envelopes#NONE} stands for MPI.PROC_NULL, as the adapter reports it. */
    static RankStatus sendRecv(int rank, int to, int sendTag, int from, int recvTag) {
        int[] waitsFor = java.util.stream.IntStream.of(to, from).filter(r -> r >= 0).toArray();
        return blocked(rank, p2p(WaitKind.SEND_RECEIVE, "Comm.sendRecv", 37, waitsFor, false,
                new Envelopes(to, sendTag, from, recvTag, WORLD)));
    }

    static ThreadStatus p2p(WaitKind kind, String op, int line, int[] waitsFor, boolean anyOf, Envelopes e) {
        return thread(kind, op, line, waitsFor, anyOf, "").withEnvelopes(e);
    }

    static RankStatus blocked(int rank, ThreadStatus... threads) {
        return new RankStatus(rank, RankState.BLOCKED, 5, List.of(threads));
    }

    static ThreadStatus thread(WaitKind kind, String op, int line, int[] waitsFor, boolean anyOf, String comm) {
        return new ThreadStatus("main", kind, op, "com.acme.Ring", "main", "Ring.java", line, waitsFor, anyOf, comm,
                "");
    }
}
