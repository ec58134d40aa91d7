package org.mpiguard.adapter;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.adapter.args.Violations;
import org.mpiguard.core.ExitCodes;
import org.mpiguard.core.Guard;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.collective.CollectiveCall;
import org.mpiguard.core.collective.CollectiveMismatchReport;
import org.mpiguard.core.collective.RingComparer;
import org.mpiguard.core.options.OnError;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

/**
 * Watches a collective mismatch that may still complete (a warning: see
 * {@code CollectiveMatcher.mayComplete}) until this rank's call of it completes, and
 * reports it as an error, ending the job, when a thread of this rank stays inside that
 * very call for max(10 s, 10 x timeout): the deadlock check does not see such a hang (the
 * rank that hangs in the bcast waits for ranks already past it, in their next collective).
 * The time is counted in looks of the watch, a quarter second each, so time the process
 * is stopped (SIGSTOP by other jobs' measurements) is not counted. Open MPI's thread in a
 * hung bcast may sleep rather than spin, so its CPU time proves nothing. One daemon
 * thread, started at the first such mismatch (rare: never on a correct program's hot path).
 */
final class MismatchedCollectiveWatch {

    private static final long LOOK_MILLIS = 250;
    /** A call this rank has not entered after this many looks is taken as done before the watch began. */
    private static final int MAX_LOOKS_UNSEEN = 240;

    private record Watched(RingComparer.Mismatch mismatch, String communicator) {
    }

    private static final List<Watched> WATCHED = new ArrayList<>();
    private static Thread thread;

    private MismatchedCollectiveWatch() {
    }

    static synchronized void watch(RingComparer.Mismatch m, String communicator) {
        WATCHED.add(new Watched(m, communicator));
        if (thread == null) {
            thread = new Thread(MismatchedCollectiveWatch::run, "mpiguard-mismatch-watch");
            thread.setDaemon(true);
            thread.start();
        }
    }

    private static void run() {
        try {
            long needed = Math.max(10_000, 10 * Guard.options().timeoutMillis());
            ThreadActivity.Snapshot snap = new ThreadActivity.Snapshot();
            long lastSeq = -1;
            long insideMillis = 0;
            int unseen = 0;
            while (true) {
                Thread.sleep(LOOK_MILLIS);
                Watched w = first();
                if (w == null) {
                    return;
                }
                ThreadActivity inside = inside(w.mismatch().mine(), snap);
                if (inside == null) {
                    if (lastSeq != -1 || ++unseen > MAX_LOOKS_UNSEEN) {
                        done(w); // left the call (it completed), or never seen in it
                        lastSeq = -1;
                        insideMillis = 0;
                        unseen = 0;
                    }
                    continue;
                }
                insideMillis = snap.seq == lastSeq ? insideMillis + LOOK_MILLIS : 0;
                lastSeq = snap.seq;
                if (insideMillis >= needed) {
                    hung(w, insideMillis / 1000);
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | LinkageError e) {
            Guard.fault("watching a mismatched collective", e);
        }
    }

    private static synchronized Watched first() {
        return WATCHED.isEmpty() ? null : WATCHED.get(0);
    }

    private static synchronized void done(Watched w) {
        WATCHED.remove(w);
    }

    /** The thread of this rank blocked in {@code call} (same site), its state copied into {@code snap}; or null. */
    private static ThreadActivity inside(CollectiveCall call, ThreadActivity.Snapshot snap) {
        for (ThreadActivity t : RankActivity.threads()) {
            if (t.read(snap) && snap.kind == WaitKind.COLLECTIVE) {
                CallSite site = CallSites.get(snap.site);
                if (site.location().equals(call.location())) {
                    return t;
                }
            }
        }
        return null;
    }

    private static void hung(Watched w, long seconds) {
        Guard.report(CollectiveMismatchReport.hung(w.mismatch(), w.communicator(), PredefinedCodes.get(),
                MpiRuntime.rankOrMinusOne(), seconds));
        if (Guard.options().onError() == OnError.ABORT) {
            Violations.abort(ExitCodes.ABORTED_ON_FINDING);
        }
    }
}
