package org.mpiguard.core.deadlock;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;

/**
 * Turns a confirmed stall into a warning: the running rank's place (its thread's top
 * frame, from the second sample, and whether it moved since the first) is the finding's
 * site; the waiting ranks' calls are the related sites.
 */
final class StallReport {

    /** Frames of the running thread said in the message. */
    private static final int FRAMES_SAID = 3;

    private StallReport() {
    }

    /** The rank's thread outside MPI that carries a sampled stack ("main" first); null if none. */
    static ThreadStatus runningThread(RankStatus s) {
        ThreadStatus found = null;
        for (ThreadStatus t : s.threads()) {
            if (!t.blocked() && !t.stack().isEmpty() && (found == null || "main".equals(t.thread()))) {
                found = t;
            }
        }
        return found;
    }

    /**
     * Every live rank has waited inside MPI past the timeout without progress, and the
     * wait-for graph proves no deadlock: a warning at the lowest rank's wait, the others
     * related, saying what the model does not cover; null when no blocked call is known.
     */
    static Finding insideMpi(RankStatus[] byRank, List<Integer> waiting, long stallTimeoutMillis) {
        List<RelatedCall> related = new ArrayList<>();
        List<String> waits = waits(byRank, waiting, related);
        if (related.isEmpty()) {
            return null; // no blocked call to name
        }
        // the lowest waiting rank's call is the finding's own; the others are related
        RelatedCall own = related.remove(0);
        String message = "Hang: " + String.join("; ", waits) + " have waited inside MPI more than "
                + stallTimeoutMillis + " ms without progress, and no rank runs. MPIGuard's deadlock model takes these"
                + " calls as able to complete, so it cannot say why they do not (its model leaves out the roots of"
                + " collectives on an intercommunicator, the making of intercommunicators, connections to other"
                + " jobs, and files). Check the calls' arguments: on an intercommunicator the root's group passes"
                + " MPI.ROOT at the root and MPI.PROC_NULL elsewhere, the other group the root's rank.";
        return new Finding(FindingKind.STALL, Severity.WARNING, new ArrayList<>(waiting), own.op(), own.site(), related,
                message, DeadlockReport.status(byRank));
    }

    static Finding finding(RankStatus[] first, RankStatus[] second, List<Integer> waiting, List<Integer> running,
                           long stallTimeoutMillis) {
        List<RelatedCall> related = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        SiteRef site = null;
        String op = "running";
        for (int r : running) {
            ThreadStatus now = runningThread(second[r]);
            ThreadStatus before = first[r] == null ? null : runningThread(first[r]);
            List<String> top = now.stack().subList(0, Math.min(FRAMES_SAID, now.stack().size()));
            boolean moved = before == null || !before.stack().equals(now.stack());
            parts.add("rank " + r + " runs outside MPI at " + String.join(" < ", top)
                    + (moved ? " (it moved between two samples)" : " (the same place in two samples)"));
            SiteRef where = SiteRef.ofFrame(now.stack().get(0));
            if (site == null) {
                site = where;
            } else {
                related.add(new RelatedCall(r, op, where));
            }
        }
        List<String> waits = waits(second, waiting, related);
        String message = "Stall: " + String.join("; ", waits) + " have waited more than " + stallTimeoutMillis
                + " ms without progress, while " + String.join("; ", parts) + ". This is no deadlock: the waits end"
                + " when the running rank reaches its MPI call, if it ever does; check that its loop or I/O ends.";
        return new Finding(FindingKind.STALL, Severity.WARNING, new ArrayList<>(running), op, site, related, message,
                DeadlockReport.status(second));
    }

    /** Each waiting rank's blocked call, said ("rank r in op at file:line") and added to {@code related}. */
    private static List<String> waits(RankStatus[] byRank, List<Integer> waiting, List<RelatedCall> related) {
        List<String> waits = new ArrayList<>();
        for (int r : waiting) {
            ThreadStatus t = byRank[r].blockedThread();
            if (t != null) {
                waits.add("rank " + r + " in " + t.op() + " at " + t.location());
                related.add(new RelatedCall(r, t.op(), DeadlockReport.siteOf(t)));
            }
        }
        return waits;
    }
}
