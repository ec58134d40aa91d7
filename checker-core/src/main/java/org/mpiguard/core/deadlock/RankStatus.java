package org.mpiguard.core.deadlock;

import java.util.List;

/**
 * One rank's answer to a snapshot.
 *
 * @param progress grows with every blocking MPI call the rank enters or leaves; equal
 *                 values in two snapshots mean the rank made no MPI progress in between
 * @param threads  its application threads; for FINISHED and EXITED the one that got there
 */
public record RankStatus(int rank, RankState state, long progress, List<ThreadStatus> threads) {

    public static RankStatus unknown(int rank) {
        return new RankStatus(rank, RankState.UNKNOWN, -1, List.of());
    }

    /** The first blocked thread, the one a report names; null if none. */
    public ThreadStatus blockedThread() {
        for (ThreadStatus t : threads) {
            if (t.blocked()) {
                return t;
            }
        }
        return threads.isEmpty() ? null : threads.get(0);
    }
}
