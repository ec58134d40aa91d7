package org.mpiguard.adapter;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.core.activity.RankActivity;

/**
 * The moment the collective ring needs before a job ends on an error Open MPI returned.
 * Counts that differ between ranks in a collective end, in Open MPI, with
 * MPI_ERR_TRUNCATE on one rank, in that collective or in a later call, within
 * milliseconds; the ring compares the calls asynchronously (each rank's watchdog streams
 * its log to the rank that compares it, every round), so aborting at once leaves the
 * mismatch, the cause, unnamed. Here the erring thread, which is ending the job anyway,
 * waits until its own log has gone out and then a grace period for the comparing rank's
 * watchdog to take it (a quiet rank's watchdog runs every 100 ms, a busy one's at least
 * every second), bounded, and ends early when a verdict was reached on this rank.
 */
public final class RingSettle {

    /** After this rank's log is sent: covers the comparing watchdog's round gap (1 s) and its report. */
    static final long GRACE_MILLIS = 1_200;
    /** Never longer than this, whatever the ring does. */
    static final long MAX_MILLIS = 2_500;
    private static final long STEP_MILLIS = 20;

    private RingSettle() {
    }

    /** Whether waiting can name anything: the ring runs and this rank has made collective calls. */
    public static boolean worthWaiting() {
        if (!MpiRuntime.ringActive() || MpiRuntime.watchdogIfAny() == null) {
            return false;
        }
        for (long n : Shadows.collectivesEntered().values()) { // a loop, not a stream: Finalize links no call site
            if (n > 0) {
                return true;
            }
        }
        return false;
    }

    /** Waits as said above; returns at once when waiting is not worth it. */
    public static void settle() {
        Watchdog watchdog = MpiRuntime.watchdogIfAny();
        if (!worthWaiting() || watchdog == null) {
            return;
        }
        long start = System.nanoTime();
        long sentAt = -1;
        while (true) {
            long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            if (elapsed >= MAX_MILLIS || watchdog.verdictSeen()) {
                return;
            }
            if (sentAt < 0 && RankActivity.mostPendingCollectives() == 0) {
                sentAt = elapsed;
            }
            if (sentAt >= 0 && elapsed - sentAt >= GRACE_MILLIS) {
                return;
            }
            watchdog.nudge(); // a round now: this thread is parked, so the rank is quiet
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(STEP_MILLIS));
        }
    }
}
