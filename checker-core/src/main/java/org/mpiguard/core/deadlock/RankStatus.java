package org.mpiguard.core.deadlock;

import java.util.List;

/**
 * One rank's answer to a snapshot.
 *
 * @param progress grows with every blocking MPI call the rank enters or leaves; equal
 *                 values in two snapshots mean the rank made no MPI progress in between
 * @param threads  its application threads; for FINISHED and EXITED the one that got there
 * @param heldLocks window locks the rank holds, each "resource:E" or "resource:S"
 * @param collectivesEntered per communicator (or window, for fences) key, how many
 *                  collectives the rank has entered on it
 */
public record RankStatus(int rank, RankState state, long progress, List<ThreadStatus> threads,
                         List<String> heldLocks, java.util.Map<String, Long> collectivesEntered) {

    public RankStatus(int rank, RankState state, long progress, List<ThreadStatus> threads) {
        this(rank, state, progress, threads, List.of(), java.util.Map.of());
    }

    /** Whether the rank has entered collective number {@code seq} on {@code key} (false if unknown). */
    public boolean entered(String key, long seq) {
        Long n = collectivesEntered.get(key);
        return n != null && n >= seq;
    }

    public static RankStatus unknown(int rank) {
        return new RankStatus(rank, RankState.UNKNOWN, -1, List.of());
    }

    /** Whether this rank holds a lock on {@code resource} that conflicts with one in {@code exclusive} mode or not. */
    public boolean holdsConflicting(String resource, boolean exclusive) {
        for (String held : heldLocks) {
            if (held.length() == resource.length() + 2 && held.startsWith(resource)
                    && (exclusive || held.endsWith(":E"))) {
                return true;
            }
        }
        return false;
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
