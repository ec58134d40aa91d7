package org.mpiguard.analyzer.rma;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.analyzer.TraceSet;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSite;

/**
 * {@code MPI.MODE_NOCHECK} at general active target synchronisation (MPI-3.1 11.5.5): a start
 * may assert it only when "the matching calls to MPI_WIN_POST have already completed on all
 * target processes when the call to MPI_WIN_START is made", and either call only when every
 * matching call of the other side asserts it too. Told each start's match with one post by
 * the replay (whole traces or streams, where the origin is), with whether the post happens
 * before the start by what the origin knew before the start took the post's clock. Two
 * findings: {@code rma.assert-nocheck-start} (the start asserted it, the post is not ordered
 * before it: MPI then lets the start go on without the post, so the origin may access the
 * window before the target exposes it) and {@code rma.assert-nocheck-pair} (one side of a
 * matched pair asserted it, the other did not). Grouped by origin, target and the two sites,
 * the earliest start (by its index, then target) named; warnings, as the other assertions are.
 */
final class NoCheckStarts {

    /** One group: an origin's start site against a target's post site; of a pair, which side asserted it. */
    private record Key(int origin, int startSite, int target, int postSite, boolean pair, boolean startNoCheck) {
    }

    private static final class Group {
        int startIndex;
        int postIndex;
        long times;
    }

    private final Map<Key, Group> groups = new HashMap<>();
    private long dropped;

    /**
     * The start (event {@code startIndex} of {@code origin}) matched the post (event {@code
     * postIndex} of {@code target}); {@code ordered}: the post happens before the start without
     * the start's own synchronisation.
     */
    void matched(int origin, int startIndex, int startSite, boolean startNoCheck, int target, int postIndex,
                 int postSite, boolean postNoCheck, boolean ordered) {
        if (startNoCheck != postNoCheck) {
            note(new Key(origin, startSite, target, postSite, true, startNoCheck), startIndex, postIndex);
        } else if (startNoCheck && !ordered) {
            note(new Key(origin, startSite, target, postSite, false, true), startIndex, postIndex);
        }
    }

    private void note(Key k, int startIndex, int postIndex) {
        Group g = groups.get(k);
        if (g == null) {
            if (groups.size() >= NoPutAssertions.MAX_GROUPS) {
                dropped++;
                return;
            }
            g = new Group();
            g.startIndex = Integer.MAX_VALUE;
            groups.put(k, g);
        }
        g.times++;
        // the earliest start, whatever order the replay met them in (a start meets its targets in either order)
        if (startIndex < g.startIndex || startIndex == g.startIndex && postIndex < g.postIndex) {
            g.startIndex = startIndex;
            g.postIndex = postIndex;
        }
    }

    long dropped() {
        return dropped;
    }

    /** The findings by origin, start and target; each one's order into {@code keys} if not null. */
    List<Finding> findings(TraceSet traces, List<long[]> keys) {
        List<Map.Entry<Key, Group>> sorted = new ArrayList<>(groups.entrySet());
        sorted.sort(new java.util.Comparator<Map.Entry<Key, Group>>() {
            @Override
            public int compare(Map.Entry<Key, Group> a, Map.Entry<Key, Group> b) {
                return java.util.Arrays.compare(order(a), order(b));
            }
        });
        List<Finding> findings = new ArrayList<>();
        for (Map.Entry<Key, Group> e : sorted) {
            findings.add(finding(traces, e.getKey(), e.getValue()));
            if (keys != null) {
                keys.add(order(e));
            }
        }
        return findings;
    }

    private static long[] order(Map.Entry<Key, Group> e) {
        Key k = e.getKey();
        return new long[] {2, k.origin(), e.getValue().startIndex, k.target(), k.pair() ? 1 : 0, k.postSite()};
    }

    private static Finding finding(TraceSet traces, Key k, Group g) {
        CallSite start = traces.rank(k.origin()).site(k.startSite());
        CallSite post = traces.rank(k.target()).site(k.postSite());
        String startCall = "Win.start of rank " + k.origin() + " at " + start.location();
        String postCall = "Win.post of rank " + k.target() + " at " + post.location();
        String times = g.times == 1 ? "" : " This happened " + g.times + " times in the run.";
        String message;
        if (k.pair()) {
            message = "[rma.assert-nocheck-pair] MPI.MODE_NOCHECK on one side of a post and start that match: the "
                    + (k.startNoCheck() ? startCall + " asserted it and the matching " + postCall + " did not"
                    : postCall + " asserted it and the matching " + startCall + " did not")
                    + ". A post or start may assert MPI.MODE_NOCHECK only if every call that matches it does "
                    + "(MPI-3.1 11.5.5): the side that asserts it skips the handshake the other side still "
                    + "waits for or leaves behind. Assert it on both calls, or on neither." + times;
        } else {
            message = "[rma.assert-nocheck-start] False MPI.MODE_NOCHECK: the " + startCall + " asserted "
                    + "MPI.MODE_NOCHECK (every matching post has already completed), but the matching " + postCall
                    + " does not happen before it: no barrier, message or other synchronisation orders the post "
                    + "before the start. With the assertion MPI does not wait for the post, so the origin may "
                    + "access the window before the target exposes it (MPI-3.1 11.5.5). Order the post before the "
                    + "start (a barrier after the post), or drop MPI.MODE_NOCHECK from both calls." + times;
        }
        List<Integer> ranks = k.origin() < k.target() ? List.of(k.origin(), k.target())
                : k.origin() == k.target() ? List.of(k.origin()) : List.of(k.target(), k.origin());
        RelatedCall related = new RelatedCall(k.target(), op(post, "Win.post"), SiteRef.of(post));
        return new Finding(FindingKind.RMA_CONFLICT, Severity.WARNING, new ArrayList<>(ranks), op(start, "Win.start"),
                SiteRef.of(start), List.of(related), message, List.of());
    }

    private static String op(CallSite site, String otherwise) {
        return site.op() != null && !site.op().isEmpty() ? site.op() : otherwise;
    }
}
