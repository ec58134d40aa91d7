package org.mpiguard.analyzer.rma;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.mpiguard.analyzer.ReplayObserver;
import org.mpiguard.analyzer.TraceSet;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSite;

/**
 * {@code MPI.MODE_NOCHECK} at a lock (MPI-3.1 11.5.5): "no other process holds, or will
 * attempt to acquire, a conflicting lock, while the caller holds the window lock". Two lock
 * epochs of different ranks on one target's window conflict when at least one is exclusive
 * ({@code lockAll} is shared on every target); with one of them asserting NOCHECK, they must
 * be ordered by happens-before: one's unlock before the other's lock. Each lock is judged
 * when the replay applies it against the epochs of its target window applied before: a lock
 * is no collective, so an earlier epoch's unlock that happens before it was applied first,
 * and the later epoch's unlock cannot happen before the earlier lock. An earlier epoch still
 * open waits with what the new lock's clock knew of its rank until its unlock is applied (in a
 * spread analysis that unlock may come after the lock from another block). One finding per
 * pair of sites and target, the NOCHECK lock as its site.
 */
final class NoCheckLocks {

    static final int MAX_GROUPS = 1000;
    /** Above this many epochs on one target window, the ordered ones are forgotten (then at twice what is left). */
    private static final int SWEEP_AT = 64;
    /** Above this many epochs kept at once, new ones are not taken (a note says so). */
    static final int MAX_KEPT = 1 << 20;

    /**
     * The epochs of one target window (or of one window's lockAlls), and whether any is
     * exclusive or asserts NOCHECK: a lock that is neither meets nothing in a list with neither,
     * so the common all-shared pattern costs no scan.
     */
    private static final class Epochs {
        final List<Epoch> list = new ArrayList<>();
        int nextSweep = SWEEP_AT;
        boolean anyExclusive;
        boolean anyNoCheck;

        boolean mayConflict(Epoch e) {
            return (e.exclusive || anyExclusive) && (e.noCheck || anyNoCheck);
        }

        void add(Epoch e) {
            list.add(e);
            anyExclusive |= e.exclusive;
            anyNoCheck |= e.noCheck;
        }
    }

    /** One lock epoch of {@code rank} on a target's window ({@code all}: a lockAll, on every target). */
    private static final class Epoch {
        final int rank;
        final int lock;
        final int site;
        final boolean exclusive;
        final boolean noCheck;
        final boolean all;
        int unlock = Access.NEVER;
        boolean open = true;
        /** Later lock epochs that met this one open, with what their lock knew of this rank. */
        List<Met> waiting;

        Epoch(int rank, int lock, int site, boolean exclusive, boolean noCheck, boolean all) {
            this.rank = rank;
            this.lock = lock;
            this.site = site;
            this.exclusive = exclusive;
            this.noCheck = noCheck;
            this.all = all;
        }
    }

    /** A later epoch that met an earlier one open on {@code target}'s window, and what its lock knew of the earlier rank. */
    private record Met(Epoch later, int known, int target) {
    }

    private record Place(int target, long win) {
        // written out, as the record's would be: see SiteRef
        @Override
        public boolean equals(Object o) {
            return o instanceof Place p && target == p.target && win == p.win;
        }

        @Override
        public int hashCode() {
            return target * 31 + Long.hashCode(win);
        }
    }

    /** One pair of sites: its earliest pair of epochs (by the first side's lock, then the second's), how often. */
    private static final class Group {
        Epoch first;
        Epoch second;
        int times;
    }

    /** The epochs of single-target locks, by target window; lockAll epochs by window, one per lockAll call. */
    private final Map<Place, Epochs> locks = new HashMap<>();
    private final Map<Long, Epochs> lockAlls = new HashMap<>();
    private final Map<SitePair, Group> groups = new LinkedHashMap<>();
    private long dropped;
    private int kept;
    private boolean saturated;

    /** {@code rank}'s lock of {@code target}'s window (event {@code index}), with its clock at the lock. */
    void locked(int rank, int index, int target, long win, int site, boolean exclusive, boolean noCheck,
                ReplayObserver.Clocks clocks) {
        Epoch e = new Epoch(rank, index, site, exclusive, noCheck, false);
        Place place = new Place(target, win);
        Epochs here = locks.get(place);
        if (here == null) { // not computeIfAbsent(lambda): the end-of-run analysis links no call site
            here = new Epochs();
            locks.put(place, here);
        }
        meet(e, here, target, clocks);
        Epochs alls = lockAlls.get(win);
        if (alls != null) {
            meet(e, alls, target, clocks);
        }
        keep(e, here, clocks);
    }

    private void keep(Epoch e, Epochs into, ReplayObserver.Clocks clocks) {
        if (kept >= MAX_KEPT) {
            saturated = true;
            return;
        }
        into.add(e);
        kept++;
        if (into.list.size() > into.nextSweep) {
            kept -= forgetOrdered(into, clocks);
            into.nextSweep = Math.max(SWEEP_AT, 2 * into.list.size());
        }
    }

    /** Whether lock epochs were left unjudged because too many were kept at once. */
    boolean saturated() {
        return saturated;
    }

    /** {@code rank}'s lockAll of window {@code win} (event {@code index}); shipped to a block more than once, kept once. */
    void lockedAll(int rank, int index, long win, int site, boolean noCheck, ReplayObserver.Clocks clocks) {
        Epochs alls = lockAlls.get(win);
        if (alls == null) {
            alls = new Epochs();
            lockAlls.put(win, alls);
        }
        for (int i = alls.list.size() - 1; i >= 0; i--) {
            Epoch a = alls.list.get(i);
            if (a.rank == rank && a.lock == index) {
                return;
            }
        }
        Epoch e = new Epoch(rank, index, site, false, noCheck, true);
        for (Map.Entry<Place, Epochs> p : locks.entrySet()) {
            if (p.getKey().win() == win) {
                meet(e, p.getValue(), p.getKey().target(), clocks);
            }
        }
        keep(e, alls, clocks);
    }

    /** {@code rank}'s unlock of {@code target}'s window (event {@code index}). */
    void unlocked(int rank, int index, int target, long win) {
        close(locks.get(new Place(target, win)), rank, index);
    }

    void unlockedAll(int rank, int index, long win) {
        close(lockAlls.get(win), rank, index);
    }

    private void close(Epochs epochs, int rank, int index) {
        if (epochs == null) {
            return;
        }
        // the rank's open epoch is its latest
        for (int i = epochs.list.size() - 1; i >= 0; i--) {
            Epoch e = epochs.list.get(i);
            if (e.rank == rank && e.open) {
                e.open = false;
                e.unlock = index;
                settle(e);
                return;
            }
        }
    }

    /** A new epoch {@code e} against the epochs applied before it on target {@code target}'s window. */
    private void meet(Epoch e, Epochs earlier, int target, ReplayObserver.Clocks clocks) {
        if (!earlier.mayConflict(e)) {
            return;
        }
        for (Epoch o : earlier.list) {
            if (o.rank == e.rank || !(o.exclusive || e.exclusive) || !(o.noCheck || e.noCheck)) {
                continue;
            }
            int known = clocks.known(e.rank, o.rank);
            if (!o.open) {
                if (known <= o.unlock) {
                    found(o, e, target);
                }
            } else {
                if (o.waiting == null) {
                    o.waiting = new ArrayList<>(2);
                }
                o.waiting.add(new Met(e, known, target));
            }
        }
    }

    /** {@code o}'s unlock is known: the epochs that met it open are concurrent unless their lock knew that unlock. */
    private void settle(Epoch o) {
        if (o.waiting == null) {
            return;
        }
        for (Met m : o.waiting) {
            if (m.known() <= o.unlock) {
                found(o, m.later(), m.target());
            }
        }
        o.waiting = null;
    }

    /** Forgets the closed epochs every other unfinished rank has ordered after their unlock. */
    private static int forgetOrdered(Epochs epochs, ReplayObserver.Clocks clocks) {
        int forgotten = 0;
        epochs.anyExclusive = false;
        epochs.anyNoCheck = false;
        Iterator<Epoch> it = epochs.list.iterator();
        while (it.hasNext()) {
            Epoch o = it.next();
            if (o.open || o.waiting != null) {
                epochs.anyExclusive |= o.exclusive;
                epochs.anyNoCheck |= o.noCheck;
                continue;
            }
            boolean ordered = true;
            for (int q = 0; q < clocks.worldSize() && ordered; q++) {
                ordered = q == o.rank || clocks.finished(q) || clocks.known(q, o.rank) > o.unlock;
            }
            if (ordered) {
                it.remove();
                forgotten++;
            } else {
                epochs.anyExclusive |= o.exclusive;
                epochs.anyNoCheck |= o.noCheck;
            }
        }
        return forgotten;
    }

    private void found(Epoch a, Epoch b, int target) {
        // the NOCHECK side first; of two, the lower rank
        boolean aFirst = a.noCheck && (!b.noCheck || a.rank < b.rank);
        Epoch first = aFirst ? a : b;
        Epoch second = aFirst ? b : a;
        SitePair key = new SitePair(first.rank, first.site, second.rank, second.site, target);
        Group g = groups.get(key);
        if (g == null) {
            if (groups.size() >= MAX_GROUPS) {
                dropped++;
                return;
            }
            g = new Group();
            groups.put(key, g);
        }
        g.times++;
        if (g.first == null || first.lock < g.first.lock
                || first.lock == g.first.lock && second.lock < g.second.lock) {
            g.first = first;
            g.second = second;
        }
    }

    /** The replay is over: epochs never unlocked are concurrent with every lock that met them open. */
    private void end() {
        List<Epochs> all = new ArrayList<>(locks.values());
        all.addAll(lockAlls.values());
        for (Epochs epochs : all) {
            for (Epoch o : epochs.list) {
                settle(o);
            }
        }
    }

    long dropped() {
        return dropped;
    }

    /** The findings in the order of their first sides (rank, lock), each one's order into {@code keys} if not null. */
    List<Finding> findings(TraceSet traces, List<long[]> keys) {
        end();
        List<Map.Entry<SitePair, Group>> sorted = new ArrayList<>(groups.entrySet());
        sorted.sort(new java.util.Comparator<Map.Entry<SitePair, Group>>() {
            @Override
            public int compare(Map.Entry<SitePair, Group> a, Map.Entry<SitePair, Group> b) {
                return java.util.Arrays.compare(order(a), order(b));
            }
        });
        List<Finding> findings = new ArrayList<>();
        for (Map.Entry<SitePair, Group> e : sorted) {
            findings.add(finding(traces, e.getKey(), e.getValue()));
            if (keys != null) {
                keys.add(order(e));
            }
        }
        return findings;
    }

    private static long[] order(Map.Entry<SitePair, Group> e) {
        Group g = e.getValue();
        return new long[] {1, g.first.rank, g.first.lock, g.second.rank, g.second.lock, e.getKey().target()};
    }

    private static Finding finding(TraceSet traces, SitePair k, Group g) {
        CallSite first = traces.rank(g.first.rank).site(g.first.site);
        CallSite second = traces.rank(g.second.rank).site(g.second.site);
        String times = g.times == 1 ? "" : " This happened " + g.times + " times in the run.";
        String message = "[rma.assert-nocheck] False MPI.MODE_NOCHECK: the " + describe(g.first, first, k.target())
                + " asserted MPI.MODE_NOCHECK (no other process holds or will attempt a conflicting lock while it "
                + "holds this one), but the " + describe(g.second, second, k.target()) + " conflicts with it ("
                + (g.first.exclusive && g.second.exclusive ? "both exclusive" : "one of them exclusive")
                + ") and nothing orders the two epochs: neither unlock happens before the other lock, through any "
                + "chain of messages, collectives, fences or post/start/complete/wait. A lock asserting "
                + "MPI.MODE_NOCHECK takes no lock, so MPI keeps nothing apart and the program is erroneous "
                + "(MPI-3.1 11.5.5); a conflict of the two epochs' accesses is reported as a race of its own. Drop MPI.MODE_NOCHECK, or order the epochs (a barrier or a message after the "
                + "first unlock)." + times;
        TreeSet<Integer> ranks = new TreeSet<>(List.of(g.first.rank, g.second.rank, k.target()));
        RelatedCall related = new RelatedCall(g.second.rank, op(second, g.second), SiteRef.of(second));
        return new Finding(FindingKind.RMA_CONFLICT, Severity.WARNING, new ArrayList<>(ranks), op(first, g.first),
                SiteRef.of(first), List.of(related), message, List.of());
    }

    /** {@code Win.lock (exclusive) of rank 0 at Prog.java:12 on the window of rank 1}. */
    private static String describe(Epoch e, CallSite site, int target) {
        String kind = e.all ? "" : e.exclusive ? " (exclusive)" : " (shared)";
        return op(site, e) + kind + " of rank " + e.rank + " at " + site.location() + " on the window of rank " + target;
    }

    private static String op(CallSite site, Epoch e) {
        return site.op() != null && !site.op().isEmpty() ? site.op() : e.all ? "Win.lockAll" : "Win.lock";
    }
}
