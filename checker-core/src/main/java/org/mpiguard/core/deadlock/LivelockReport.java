package org.mpiguard.core.deadlock;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;

/** Turns ranks that poll in vain into a warning naming where they poll. */
public final class LivelockReport {

    private LivelockReport() {
    }

    public static Finding finding(RankStatus[] byRank, List<Integer> stuck, long livelockTimeoutMillis) {
        ThreadStatus first = null;
        List<String> parts = new ArrayList<>();
        List<RelatedCall> related = new ArrayList<>();
        List<Integer> pollers = new ArrayList<>();
        for (int r : stuck) {
            for (ThreadStatus t : byRank[r].threads()) {
                if (t.polling()) {
                    pollers.add(r);
                    parts.add("rank " + r + " keeps polling " + t.op() + (t.detail().isEmpty() ? "" : " " + t.detail())
                            + " at " + t.location() + (byRank[r].threads().size() > 1 ? " (thread " + t.thread() + ")" : ""));
                    if (first == null) {
                        first = t;
                    } else {
                        related.add(new RelatedCall(r, t.op(), DeadlockReport.siteOf(t)));
                    }
                    break;
                }
            }
        }
        for (int r : stuck) {
            if (!pollers.contains(r)) {
                ThreadStatus t = byRank[r].blockedThread();
                if (t != null) {
                    parts.add("rank " + r + " waits in " + t.op() + " at " + t.location());
                    related.add(new RelatedCall(r, t.op(), DeadlockReport.siteOf(t)));
                }
            }
        }
        StringBuilder message = new StringBuilder("Livelock: ").append(String.join("; ", parts))
                .append(", for more than ").append(livelockTimeoutMillis).append(" ms, but no rank can ever provide"
                        + " what it polls for:");
        for (int c = 0; c < byRank.length; c++) {
            RankStatus s = byRank[c];
            if (s != null && (s.state() == RankState.FINISHED || s.state() == RankState.EXITED)) {
                ThreadStatus t = s.blockedThread();
                message.append(" rank ").append(c).append(s.state() == RankState.FINISHED
                        ? " has already reached MPI.Finalize" : " has exited").append(t == null ? "" : " at " + t.location())
                        .append(';');
                if (t != null) {
                    related.add(new RelatedCall(c, t.op(), DeadlockReport.siteOf(t)));
                }
            }
        }
        message.append(" every rank it could come from is itself waiting or polling in vain. The program spins"
                + " forever; make sure the message or request it polls for is sent or started, or stop polling.");
        List<Integer> ranks = new ArrayList<>(stuck);
        return new Finding(FindingKind.LIVELOCK, Severity.WARNING, ranks, first == null ? "?" : first.op(),
                first == null ? new SiteRef("?", "?", null, -1) : DeadlockReport.siteOf(first), related, message.toString(),
                DeadlockReport.status(byRank));
    }
}
