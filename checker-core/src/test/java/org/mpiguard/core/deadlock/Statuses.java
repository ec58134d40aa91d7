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

    static RankStatus blocked(int rank, ThreadStatus... threads) {
        return new RankStatus(rank, RankState.BLOCKED, 5, List.of(threads));
    }

    static ThreadStatus thread(WaitKind kind, String op, int line, int[] waitsFor, boolean anyOf, String comm) {
        return new ThreadStatus("main", kind, op, "com.acme.Ring", "main", "Ring.java", line, waitsFor, anyOf, comm,
                "");
    }
}
