package org.mpiguard.analyzer.rma;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.mpiguard.analyzer.TraceSet;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.trace.TraceFile;

/**
 * The conflicts found, one group per pair of sites (a loop conflicting a thousand times is
 * one finding that says so), each made a finding with both sites and every rank involved.
 * The side of the lower rank is the finding's site, so the report does not depend on the
 * order the replay happened to take.
 */
final class ConflictLog {

    static final int MAX_GROUPS = 1000;

    /**
     * One pair of sites. Its verdict is the worst the pair got: a pair whose writes left the
     * same bytes in some iterations and different ones in others is one error that says so,
     * not an error and a benign warning.
     */
    private static final class Group {
        Access first;
        Access second;
        Compatibility.Verdict verdict;
        int count;
        int sameValue;

        Group(Access first, Access second, Compatibility.Verdict verdict) {
            this.first = first;
            this.second = second;
            this.verdict = verdict;
        }
    }

    private final Map<SitePair, Group> groups = new LinkedHashMap<>();
    private long dropped;

    void add(Access x, Access y, Compatibility.Verdict verdict) {
        boolean xFirst = x.origin() < y.origin() || x.origin() == y.origin() && x.index() < y.index();
        Access first = xFirst ? x : y;
        Access second = xFirst ? y : x;
        SitePair key = new SitePair(first.origin(), first.site(), second.origin(), second.site(), first.target());
        Group g = groups.get(key);
        if (g == null) {
            if (groups.size() >= MAX_GROUPS) {
                dropped++;
                return;
            }
            g = new Group(first, second, verdict);
            groups.put(key, g);
        } else if (witnesses(first, second, verdict, g)) {
            g.first = first;
            g.second = second;
            g.verdict = verdict;
        }
        g.count++;
        if (Compatibility.SAME_VALUE.equals(verdict.id())) {
            g.sameValue++;
        }
    }

    /**
     * Whether a pair replaces its group's witness: an error over a warning, else the earliest
     * pair (first side's event, then second's), so the witness does not depend on the order
     * the pairs were found in (the replay's, or the blocks' of a spread analysis).
     */
    private static boolean witnesses(Access first, Access second, Compatibility.Verdict verdict, Group g) {
        Severity mine = verdict.severity();
        Severity theirs = g.verdict.severity();
        if (mine != theirs) {
            return mine == Severity.ERROR;
        }
        return first.index() < g.first.index() || first.index() == g.first.index() && second.index() < g.second.index();
    }

    /** One finding per pair of sites, in the order of their witnesses (origin and event of each side). */
    List<Finding> findings(TraceSet traces) {
        return findings(traces, null);
    }

    /** The findings, and into {@code keys} (when not null) each one's order: its witness pair's origins and events. */
    List<Finding> findings(TraceSet traces, List<long[]> keys) {
        List<Group> sorted = new ArrayList<>(groups.values());
        sorted.sort(BY_WITNESS);
        List<Finding> findings = new ArrayList<>();
        for (Group g : sorted) {
            findings.add(finding(traces, g));
            if (keys != null) {
                keys.add(new long[] {g.first.origin(), g.first.index(), g.second.origin(), g.second.index(),
                    g.first.target()});
            }
        }
        return findings;
    }

    private static final java.util.Comparator<Group> BY_WITNESS = new java.util.Comparator<>() {
        @Override
        public int compare(Group a, Group b) {
            int c = Integer.compare(a.first.origin(), b.first.origin());
            c = c != 0 ? c : Integer.compare(a.first.index(), b.first.index());
            c = c != 0 ? c : Integer.compare(a.second.origin(), b.second.origin());
            c = c != 0 ? c : Integer.compare(a.second.index(), b.second.index());
            return c != 0 ? c : Integer.compare(a.first.target(), b.first.target());
        }
    };

    long dropped() {
        return dropped;
    }

    private static Finding finding(TraceSet traces, Group g) {
        CallSite first = site(traces, g.first);
        CallSite second = site(traces, g.second);
        TreeSet<Integer> ranks = new TreeSet<>(List.of(g.first.origin(), g.second.origin(), g.first.target()));
        String bytes = g.first.overlaps(g.second)
                ? range(Math.max(g.first.start(), g.second.start()), Math.min(g.first.end(), g.second.end()))
                : range(g.first.start(), g.first.end()) + " and " + range(g.second.start(), g.second.end());
        String times = (g.count == 1 ? "" : " This pair conflicted " + g.count + " times in the run.")
                + (g.sameValue > 0 && g.verdict.severity() == Severity.ERROR ? " In " + g.sameValue + " of them the "
                + "two wrote the same value, which only hid the race there." : "");
        boolean overlap = g.first.overlaps(g.second);
        String unordered = g.first.origin() == g.second.origin()
                ? ", and one rank issued both in one epoch: MPI orders only the accumulates of one origin, and the "
                + "first is not complete at the target (closing fence, complete, unlock or flush) before the second "
                + "starts. "
                : ", and nothing orders the two: neither is complete (closing fence, complete, unlock or flush) "
                + "before the other starts, through any chain of messages, collectives, fences or "
                + "post/start/complete/wait, and no exclusive lock keeps them apart. ";
        String message = "[" + g.verdict.id() + "] RMA conflict on the window of rank " + g.first.target() + " ("
                + bytes + "): " + describe(g.first, first, overlap) + " and " + describe(g.second, second, overlap)
                + unordered + capital(g.verdict.why()) + ". " + fix(g.first, g.second) + times;
        RelatedCall related = new RelatedCall(g.second.origin(), op(g.second, second), SiteRef.of(second));
        return new Finding(FindingKind.RMA_CONFLICT, g.verdict.severity(), new ArrayList<>(ranks),
                op(g.first, first), SiteRef.of(first), List.of(related), message, List.of());
    }

    private static CallSite site(TraceSet traces, Access a) {
        TraceFile t = traces.rank(a.origin());
        return t.site(a.site());
    }

    private static String op(Access a, CallSite site) {
        if (site.op() != null && !site.op().isEmpty()) {
            return site.op();
        }
        return a.kind().local() ? a.kind().name().toLowerCase() : "Win.op";
    }

    /** {@code the Win.put of rank 1 at Prog.java:12 (under a shared lock) writes them}. */
    /** One side: what it does to the bytes, the shared ones ("them") or, apart, its own range. */
    private static String describe(Access a, CallSite site, boolean overlap) {
        String own = a.kind() == AccessKind.LOAD ? " from its own window" : " into its own window";
        String what = a.kind().local() ? "the " + a.kind().name().toLowerCase() + " by rank " + a.origin() + own
                : "the " + op(a, site) + " of rank " + a.origin();
        String noCheck = EpochMode.noCheck(a.epoch()) ? " asserting MPI.MODE_NOCHECK" : "";
        return what + " at " + site.location() + " (" + a.mode().phrase() + noCheck + ") " + a.kind().verb()
                + (overlap ? " them" : " " + range(a.start(), a.end()));
    }

    /** Bytes {@code start} (included) to {@code end} (excluded), said with both ends included. */
    private static String range(long start, long end) {
        return end - 1 <= start ? "byte " + start : "bytes " + start + " to " + (end - 1);
    }

    private static String fix(Access a, Access b) {
        if (a.kind().local() || b.kind().local()) {
            return "Let the target touch these bytes only when the remote operation is complete and ordered "
                    + "before: after the closing fence, after its Win.waitFor in post/start/complete/wait, or after "
                    + "the origin's unlock or flush followed by a message or barrier to the target (a target that "
                    + "reads or writes its window during passive-target epochs should lock it itself, exclusively).";
        }
        if (a.kind().atomic() && b.kind().atomic()) {
            return "Use the same operation and basic datatype in all concurrent accumulates (MPI.REPLACE to "
                    + "write, MPI.NO_OP to read with getAccumulate), or order them.";
        }
        EpochMode m = a.mode();
        if (m == EpochMode.FENCE) {
            return "Put the two in different fence epochs, make them touch different bytes, or use accumulates "
                    + "with one operation.";
        }
        if (m == EpochMode.ACCESS) {
            return "Let the target close one exposure epoch (Win.waitFor) and post another between them, make "
                    + "them touch different bytes, or use accumulates with one operation.";
        }
        if (EpochMode.noCheck(a.epoch()) || EpochMode.noCheck(b.epoch())) {
            return "MPI.MODE_NOCHECK takes no lock, so it keeps nothing apart: drop it from the lock, or order "
                    + "the epochs (a barrier or a message after the first unlock), or make them touch different bytes.";
        }
        return "Take exclusive locks, order the epochs (a barrier or a message after the first unlock or flush), "
                + "make them touch different bytes, or use accumulates with one operation.";
    }

    private static String capital(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
