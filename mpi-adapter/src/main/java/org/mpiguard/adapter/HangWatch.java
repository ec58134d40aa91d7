package org.mpiguard.adapter;

import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;

/**
 * Watches this rank alone: it is suspected of a deadlock when all its MPI threads stayed
 * blocked, without progress, past the timeout, and of a livelock when a thread kept
 * polling for the same thing past the livelock timeout. A suspicion is said at most once
 * per timeout; rank 0's coordinator then looks at every rank.
 */
final class HangWatch {

    /** Where a suspicion goes: to rank 0, or to the coordinator itself on rank 0. */
    interface Suspicion {
        void suspect(boolean polling) throws mpi.MPIException;
    }

    private final long timeoutMillis;
    private final long livelockTimeoutMillis;
    private final ThreadActivity.Snapshot quick = new ThreadActivity.Snapshot();
    private long lastProgress = -1;
    private long blockedSince = -1;
    private long lastSuspect;
    private long lastLivelockSuspect;

    HangWatch(long timeoutMillis, long livelockTimeoutMillis) {
        this.timeoutMillis = timeoutMillis;
        this.livelockTimeoutMillis = livelockTimeoutMillis;
    }

    void watch(long now, Suspicion suspicion) throws mpi.MPIException {
        if (pollingTooLong() && now - lastLivelockSuspect >= livelockTimeoutMillis) {
            lastLivelockSuspect = now;
            suspicion.suspect(true);
        }
        long progress = progressIfBlocked();
        if (progress < 0) {
            blockedSince = -1;
            lastProgress = -1;
            return;
        }
        if (progress != lastProgress || blockedSince < 0) {
            lastProgress = progress;
            blockedSince = now;
            lastSuspect = 0;
            return;
        }
        if (now - blockedSince >= timeoutMillis && now - lastSuspect >= timeoutMillis) {
            lastSuspect = now;
            suspicion.suspect(false);
        }
    }

    /** Whether some thread has kept polling for the same thing longer than the livelock timeout. */
    private boolean pollingTooLong() {
        long nowNanos = System.nanoTime();
        for (ThreadActivity activity : RankActivity.threads()) {
            if (activity.read(quick) && LocalStatus.pollingMillis(quick, nowNanos) >= livelockTimeoutMillis) {
                return true;
            }
        }
        return false;
    }

    /** Sum of the threads' sequence counters if every MPI thread is blocked (not finishing); else -1. */
    private long progressIfBlocked() {
        long progress = 0;
        int blocked = 0;
        for (ThreadActivity activity : RankActivity.threads()) {
            if (!activity.read(quick) || quick.kind == WaitKind.NONE || quick.kind == WaitKind.FINALIZE) {
                return -1;
            }
            progress += quick.seq;
            blocked++;
        }
        return blocked == 0 ? -1 : progress;
    }
}
