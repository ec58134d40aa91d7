package org.mpiguard.analyzer.rma;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.analyzer.LongMap;
import org.mpiguard.analyzer.ReplayObserver;
import org.mpiguard.analyzer.TraceSet;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.trace.RmaSyncOp;

/**
 * {@code MPI.MODE_NOPUT} at a fence (MPI-3.1 11.5.5): "the local window will not be updated
 * by put or accumulate calls after the fence call, until the ensuing (fence)
 * synchronization". Fences of one window are collective and order like a barrier, so a put
 * of an origin in a fence epoch knows its target's fence that opened the same epoch and not
 * the one that closes it: the target's fence of the epoch is its latest fence on the window
 * before what the origin's clock knows of the target (before the operation itself when the
 * origin is the target). The replay may apply the target's fence after the put (a barrier's
 * clocks join before each member's slot is applied), so a put whose target has not yet
 * applied every event it knows of waits, folded with the other puts of its origin's site,
 * until the target's next fence (or the end). Judged where the target's window is (the
 * target's block), with the target's last few fences per window kept. One finding per
 * operation site, target and fence site, its witness the earliest operation.
 */
final class NoPutAssertions {

    /** The fences kept per rank and window: the replay's current epoch and a few behind, for safety. */
    private static final int KEPT = 4;
    static final int MAX_GROUPS = 1000;
    /** Waiting puts folded per origin site and window; beyond this many at once new ones are not judged. */
    private static final int MAX_WAITING = 1 << 16;

    /** Puts of one origin site into one epoch of a target window, waiting for the target's fence. */
    private static final class Waiting {
        int origin;
        int site;
        int firstIndex = Integer.MAX_VALUE;
        int known;
        int times;
    }

    /** One rank's window: its last {@link #KEPT} fences, newest at {@code (count - 1) % KEPT}, and the puts waiting. */
    private static final class Fences {
        final int[] index = new int[KEPT];
        final int[] site = new int[KEPT];
        final boolean[] noPut = new boolean[KEPT];
        int count;
        final LongMap<Waiting> waiting = new LongMap<>();

        void add(int i, int s, boolean asserted) {
            int slot = count % KEPT;
            index[slot] = i;
            site[slot] = s;
            noPut[slot] = asserted;
            count++;
        }

        /** The index of the newest fence applied, or -1. */
        int newest() {
            return count == 0 ? -1 : index[(count - 1) % KEPT];
        }

        /** The slot of the latest fence before event {@code before}, or -1 when none is kept. */
        int latestBefore(int before) {
            for (int k = count - 1; k >= Math.max(0, count - KEPT); k--) {
                if (index[k % KEPT] < before) {
                    return k % KEPT;
                }
            }
            return -1;
        }
    }

    private record Key(int origin, int opSite, int target, int fenceSite) {
        // written out, as the record's would be: see SiteRef
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && origin == k.origin && opSite == k.opSite && target == k.target
                    && fenceSite == k.fenceSite;
        }

        @Override
        public int hashCode() {
            return ((origin * 31 + opSite) * 31 + target) * 31 + fenceSite;
        }
    }

    /** One pair of sites: the earliest operation and the fence of its epoch, and how often. */
    private static final class Group {
        int opIndex = Integer.MAX_VALUE;
        int fenceIndex;
        int times;
    }

    /** Per rank (by index), its windows' fences: a list, not a map of boxed ranks, on the path of every put and fence. */
    private final List<LongMap<Fences>> fencesByRank = new ArrayList<>();
    /** The window the last put or fence went to: a halo's puts go to one window after another of a few. */
    private int lastRank = -1;
    private long lastWin;
    private Fences lastFences;
    private final Map<Key, Group> groups = new LinkedHashMap<>();
    private long dropped;
    private int waitingCount;
    private boolean tooManyWaiting;

    private Fences fences(int rank, long win) {
        if (rank == lastRank && win == lastWin) {
            return lastFences;
        }
        while (fencesByRank.size() <= rank) {
            fencesByRank.add(null);
        }
        LongMap<Fences> mine = fencesByRank.get(rank);
        if (mine == null) {
            mine = new LongMap<>();
            fencesByRank.set(rank, mine);
        }
        Fences f = mine.get(win);
        if (f == null) {
            f = new Fences();
            mine.put(win, f);
        }
        lastRank = rank;
        lastWin = win;
        lastFences = f;
        return f;
    }

    /** Event {@code index} of {@code rank} is a fence of window {@code win} asserting {@code assertion}. */
    void fence(int rank, int index, long win, int site, int assertion) {
        Fences f = fences(rank, win);
        f.add(index, site, (assertion & RmaSyncOp.MODE_NOPUT) != 0);
        if (f.waiting.size() > 0) {
            List<Waiting> all = new ArrayList<>();
            f.waiting.addValuesTo(all);
            for (Waiting w : all) {
                if (w.known - 1 <= index) {
                    f.waiting.remove(key(w.origin, w.site));
                    waitingCount--;
                    judge(f, rank, w);
                }
            }
        }
    }

    /** A put or accumulate {@code a} issued in a fence epoch, with its origin's clock at the operation. */
    void updated(Access a, ReplayObserver.Clocks clocks) {
        Fences f = fences(a.target(), a.win());
        int known = a.origin() == a.target() ? a.index() : clocks.known(a.origin(), a.target());
        if (known <= 0) {
            return;
        }
        long k = key(a.origin(), a.site());
        Waiting w = f.waiting.get(k);
        if (w == null) {
            if (f.newest() >= known - 1) {
                w = new Waiting();
                w.origin = a.origin();
                w.site = a.site();
                w.firstIndex = a.index();
                w.known = known;
                w.times = 1;
                judge(f, a.target(), w);
                return;
            }
            if (waitingCount >= MAX_WAITING) {
                tooManyWaiting = true;
                return;
            }
            w = new Waiting();
            w.origin = a.origin();
            w.site = a.site();
            f.waiting.put(k, w);
            waitingCount++;
        }
        w.times++;
        w.known = Math.max(w.known, known);
        w.firstIndex = Math.min(w.firstIndex, a.index());
        if (f.newest() >= w.known - 1) {
            f.waiting.remove(k);
            waitingCount--;
            judge(f, a.target(), w);
        }
    }

    private static long key(int origin, int site) {
        return (long) origin << 32 | (site & 0xffffffffL);
    }

    /** {@code w}'s puts into {@code target}'s window, judged by the fence that opened their epoch there. */
    private void judge(Fences f, int target, Waiting w) {
        int slot = f.latestBefore(w.known);
        if (slot < 0 || !f.noPut[slot]) {
            return;
        }
        Key key = new Key(w.origin, w.site, target, f.site[slot]);
        Group g = groups.get(key);
        if (g == null) {
            if (groups.size() >= MAX_GROUPS) {
                dropped++;
                return;
            }
            g = new Group();
            groups.put(key, g);
        }
        g.times += w.times;
        if (w.firstIndex < g.opIndex) {
            g.opIndex = w.firstIndex;
            g.fenceIndex = f.index[slot];
        }
    }

    /** The replay is over: the puts still waiting are judged by the fences their targets applied. */
    void end() {
        for (int rank = 0; rank < fencesByRank.size(); rank++) {
            LongMap<Fences> byWindow = fencesByRank.get(rank);
            if (byWindow == null) {
                continue;
            }
            List<Fences> windows = new ArrayList<>();
            byWindow.addValuesTo(windows);
            for (Fences f : windows) {
                List<Waiting> all = new ArrayList<>();
                f.waiting.addValuesTo(all);
                f.waiting.clear();
                for (Waiting w : all) {
                    judge(f, rank, w);
                }
            }
        }
        waitingCount = 0;
    }

    /** Whether puts were left unjudged because too many waited at once. */
    boolean overflowed() {
        return tooManyWaiting;
    }

    long dropped() {
        return dropped;
    }

    /** The findings in the order of their operations (origin, event), each one's order into {@code keys} if not null. */
    List<Finding> findings(TraceSet traces, List<long[]> keys) {
        end();
        List<Map.Entry<Key, Group>> sorted = new ArrayList<>(groups.entrySet());
        sorted.sort(new java.util.Comparator<Map.Entry<Key, Group>>() {
            @Override
            public int compare(Map.Entry<Key, Group> a, Map.Entry<Key, Group> b) {
                int c = Integer.compare(a.getKey().origin(), b.getKey().origin());
                return c != 0 ? c : Integer.compare(a.getValue().opIndex, b.getValue().opIndex);
            }
        });
        List<Finding> findings = new ArrayList<>();
        for (Map.Entry<Key, Group> e : sorted) {
            findings.add(finding(traces, e.getKey(), e.getValue()));
            if (keys != null) {
                keys.add(new long[] {0, e.getKey().origin(), e.getValue().opIndex});
            }
        }
        return findings;
    }

    private static Finding finding(TraceSet traces, Key k, Group g) {
        CallSite op = traces.rank(k.origin()).site(k.opSite());
        CallSite fence = traces.rank(k.target()).site(k.fenceSite());
        String opName = op.op() == null || op.op().isEmpty() ? "Win.put" : op.op();
        String whose = k.origin() == k.target() ? "its own window" : "the window of rank " + k.target();
        String times = g.times == 1 ? "" : " This happened " + g.times + " times in the run.";
        String message = "[rma.assert-noput] False MPI.MODE_NOPUT: the Win.fence of rank " + k.target() + " at "
                + fence.location() + " asserted MPI.MODE_NOPUT (its window gets no put or accumulate until its next "
                + "fence), but the " + opName + " of rank " + k.origin() + " at " + op.location() + " updates "
                + whose + " in the fence epoch that fence opened. A false assertion makes the program erroneous "
                + "(MPI-3.1 11.5.5): MPI may skip the work that makes such updates visible at the target (Open MPI 4.1 "
                + "still made them visible here, so this run's values are right; another MPI may not). Drop "
                + "MPI.MODE_NOPUT from that fence, or move the operation to another fence epoch." + times;
        List<Integer> ranks = k.origin() == k.target() ? List.of(k.origin())
                : List.of(Math.min(k.origin(), k.target()), Math.max(k.origin(), k.target()));
        RelatedCall related = new RelatedCall(k.target(), fence.op() == null || fence.op().isEmpty() ? "Win.fence"
                : fence.op(), SiteRef.of(fence));
        return new Finding(FindingKind.RMA_CONFLICT, Severity.WARNING, new ArrayList<>(ranks), opName, SiteRef.of(op),
                List.of(related), message, List.of());
    }
}
