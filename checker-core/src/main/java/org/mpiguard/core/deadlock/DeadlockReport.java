package org.mpiguard.core.deadlock;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RankReport;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;

/** Turns a confirmed set of deadlocked ranks into the finding a programmer reads. */
public final class DeadlockReport {

    private DeadlockReport() {
    }

    public static Finding finding(RankStatus[] byRank, List<Integer> deadlocked) {
        ThreadStatus first = byRank[deadlocked.get(0)].blockedThread();
        List<RelatedCall> related = new ArrayList<>();
        StringBuilder message = new StringBuilder();
        message.append("Deadlock: ").append(deadlocked.size() == 1 ? "rank " : "ranks ")
                .append(joinRanks(deadlocked)).append(deadlocked.size() == 1 ? " can" : " can")
                .append(" never continue. ");
        List<String> waits = new ArrayList<>();
        List<ThreadStatus> stuck = new ArrayList<>(deadlocked.size());
        List<Integer> finishedBlamed = new ArrayList<>();
        for (int r : deadlocked) {
            ThreadStatus t = byRank[r].blockedThread();
            stuck.add(t);
            List<Integer> holders = WaitForGraph.lockHolders(byRank, r, t);
            waits.add("rank " + r + " waits in " + t.op() + (t.detail().isEmpty() ? "" : " " + t.detail())
                    + (holders.isEmpty() ? "" : " held by " + (holders.size() == 1 ? "rank " : "ranks ")
                    + joinRanks(holders))
                    + " at " + t.location() + threadNote(byRank[r], t));
            for (int h : holders) {
                if (!deadlocked.contains(h) && !finishedBlamed.contains(h) && (byRank[h].state() == RankState.FINISHED
                        || byRank[h].state() == RankState.EXITED)) {
                    finishedBlamed.add(h);
                }
            }
            if (r != deadlocked.get(0)) {
                related.add(new RelatedCall(r, t.op(), siteOf(t)));
            }
            for (int c : t.waitsFor().toArray()) {
                if (c >= 0 && c < byRank.length && byRank[c] != null && !finishedBlamed.contains(c)
                        && (byRank[c].state() == RankState.FINISHED || byRank[c].state() == RankState.EXITED)) {
                    finishedBlamed.add(c);
                }
            }
        }
        message.append(String.join("; ", waits)).append('.');
        for (int c : finishedBlamed) {
            RankStatus s = byRank[c];
            ThreadStatus t = s.blockedThread();
            String where = t == null ? "" : " at " + t.location();
            message.append(s.state() == RankState.FINISHED
                    ? " rank " + c + " has already reached MPI.Finalize" + where + " and will never send or join again."
                    : " rank " + c + " has exited without MPI.Finalize" + where + ".");
            if (t != null) {
                related.add(new RelatedCall(c, t.op(), siteOf(t)));
            }
        }
        message.append(" Every rank these calls wait for is itself stuck or finished, so none of them can complete.");
        for (int i = 0; i < stuck.size(); i++) {
            WildcardTake w = stuck.get(i).earlier();
            if (w != null) {
                int r = deadlocked.get(i);
                message.append(earlierTake(r, w));
                related.add(new RelatedCall(r, w.op(), new SiteRef(w.className(), w.method(), w.file(), w.line())));
            }
        }
        message.append(DeadlockAdvice.of(stuck));
        return new Finding(FindingKind.DEADLOCK, Severity.ERROR, deadlocked, first.op(), siteOf(first), related,
                message.toString(), status(byRank));
    }

    /**
     * The receive from any source that took a message of the rank {@code r} now waits for: when
     * that message was the one meant for the stuck receive, the order of arrival decided the
     * deadlock, and the fix is at the wildcard receive, not where the rank is stuck.
     */
    static String earlierTake(int r, WildcardTake w) {
        return " Earlier, the " + w.op() + " from MPI.ANY_SOURCE of rank " + r + " at " + w.location()
                + " took a message of rank " + w.from() + " (tag " + w.tag() + "): if that was the message rank " + r
                + " now waits for, the order in which messages arrived led to this deadlock (a message race)."
                + " Receive from a specific source there, or let mpiguard check replay the other orders.";
    }

    private static String threadNote(RankStatus rank, ThreadStatus t) {
        return rank.threads().size() > 1 ? " (thread " + t.thread() + ")" : "";
    }

    public static List<RankReport> status(RankStatus[] byRank) {
        List<RankReport> status = new ArrayList<>(byRank.length);
        for (int r = 0; r < byRank.length; r++) {
            RankStatus s = byRank[r] == null ? RankStatus.unknown(r) : byRank[r];
            ThreadStatus t = s.blockedThread();
            switch (s.state()) {
                case BLOCKED -> {
                    // every blocked thread of a rank with several, so none is hidden
                    for (ThreadStatus b : s.threads()) {
                        if (b.blocked()) {
                            status.add(new RankReport(r, "blocked", b.op(), siteOf(b), b.thread(),
                                    waitsFor(b), b.anyOf(), stackOf(b)));
                        }
                    }
                }
                case FINISHED, EXITED -> status.add(new RankReport(r, s.state().label(),
                        t == null ? null : t.op(), t == null ? null : siteOf(t), t == null ? null : t.thread()));
                case RUNNING -> {
                    ThreadStatus poll = null;
                    for (ThreadStatus candidate : s.threads()) {
                        poll = poll == null && candidate.polling() ? candidate : poll;
                    }
                    status.add(poll == null ? new RankReport(r, "running", null, null, t == null ? null : t.thread(),
                                    List.of(), false, t == null ? List.of() : stackOf(t))
                            : new RankReport(r, "running", poll.op(), siteOf(poll), poll.thread(),
                                    waitsFor(poll), poll.anyOf(), stackOf(poll)));
                }
                default -> status.add(new RankReport(r, "unknown", null, null, null));
            }
        }
        return status;
    }

    private static List<Integer> waitsFor(ThreadStatus t) {
        List<Integer> ranks = new ArrayList<>(t.waitsFor().size());
        for (int r : t.waitsFor().toArray()) {
            ranks.add(r);
        }
        return ranks;
    }

    private static List<SiteRef> stackOf(ThreadStatus t) {
        List<SiteRef> frames = new ArrayList<>(t.stack().size());
        for (String frame : t.stack()) {
            frames.add(SiteRef.ofFrame(frame));
        }
        return frames;
    }

    static SiteRef siteOf(ThreadStatus t) {
        return new SiteRef(t.className(), t.method(), t.file(), t.line());
    }

    private static String joinRanks(List<Integer> ranks) {
        if (ranks.size() == 1) {
            return String.valueOf(ranks.get(0));
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < ranks.size(); i++) {
            out.append(i == 0 ? "" : i == ranks.size() - 1 ? " and " : ", ").append(ranks.get(i));
        }
        return out.toString();
    }
}
