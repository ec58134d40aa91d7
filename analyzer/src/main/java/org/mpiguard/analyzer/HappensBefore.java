package org.mpiguard.analyzer;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.RmaSyncOp;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;

/**
 * Vector clocks over the traces: replays every rank's events in an order the run could
 * have had (a receive's completion after the send it took, a collective's receivers after
 * its contributors arrived, PSCW's start after the post and wait after the completes) and gives every send the number of its destination's events
 * that happen before it, which is all the race check asks ({@code R} happens before a send
 * {@code S} to R's rank iff S knows R's completion).
 *
 * <p>Cost: O(P) per receive completion and collective, O(1) per other event. Memory: a
 * rank's clock is shared by all its sends until its next join (copy on write), and a send
 * drops its clock once its receive joined it, so what is kept is bounded by the messages in
 * flight, not by the trace.
 */
final class HappensBefore {

    private final TraceSet traces;
    private final PointToPoint p2p;
    private final Collectives collectives;
    private final int worldSize;
    private final VectorClocks clock;
    private final int[] cursor;
    private final int[] arrivedAt;
    private final SyncEdges edges;
    private final Map<Long, int[][]> snapshots = new java.util.HashMap<>();
    private final Map<List<CollectiveEvent>, Join> joins = new IdentityHashMap<>();
    final List<String> notes = new ArrayList<>();
    private final ReplayObserver observer;

    /** What the members of one collective contributed so far. */
    private static final class Join {
        int arrived;
        final BlockClock clock;

        Join(BlockClock clock) {
            this.clock = clock;
        }
    }

    private HappensBefore(TraceSet traces, PointToPoint p2p, Collectives collectives, ReplayObserver observer) {
        this.traces = traces;
        this.observer = observer;
        this.p2p = p2p;
        this.collectives = collectives;
        this.edges = SyncEdges.build(traces);
        this.worldSize = traces.worldSize();
        this.clock = new VectorClocks(worldSize);
        this.cursor = new int[worldSize];
        this.arrivedAt = new int[worldSize];
        java.util.Arrays.fill(arrivedAt, -1);
    }

    /** Sets {@link SendEvent#knownOfDest} on every send; returns notes on where the order is approximate. */
    static List<String> compute(TraceSet traces, PointToPoint p2p, Collectives collectives) {
        return compute(traces, p2p, collectives, ReplayObserver.NONE);
    }

    /**
     * As {@link #compute(TraceSet, PointToPoint, Collectives)}, and shows {@code observer}
     * every event in replay order (an order consistent with happens-before) with the
     * clock of its rank at that event.
     */
    static List<String> compute(TraceSet traces, PointToPoint p2p, Collectives collectives,
                                ReplayObserver observer) {
        HappensBefore hb = new HappensBefore(traces, p2p, collectives, observer);
        hb.run();
        return hb.notes;
    }

    private int length(int r) {
        TraceFile t = traces.rank(r);
        return t == null ? 0 : t.events().size();
    }

    private void run() {
        int forced = 0;
        for (;;) {
            boolean progress = true;
            while (progress) {
                progress = false;
                for (int r = 0; r < worldSize; r++) {
                    int n = length(r);
                    while (cursor[r] < n && step(r, false)) {
                        observer.visit(r, cursor[r], clocks);
                        cursor[r]++;
                        progress = true;
                    }
                }
            }
            int stuck = -1;
            for (int r = 0; r < worldSize && stuck < 0; r++) {
                if (cursor[r] < length(r)) {
                    stuck = r;
                }
            }
            if (stuck < 0) {
                break;
            }
            // a partner's event is missing (dropped, cut short, or a rank without trace): go on without its order
            if (forced++ < 5) {
                notes.add("happens-before is approximate from event " + cursor[stuck] + " of rank " + stuck
                        + ": the event it waits for is not in the traces");
            }
            step(stuck, true);
            observer.visit(stuck, cursor[stuck], clocks);
            cursor[stuck]++;
        }
        if (forced > 5) {
            notes.add("(" + (forced - 5) + " more events ordered approximately)");
        }
    }

    /** A start's posts, before it takes their clocks: whether each was known already (MPI.MODE_NOCHECK). */
    private void startMatched(int r, int i, List<Long> posts) {
        TraceEvent start = traces.rank(r).events().get(i);
        if (start.kind() != EventKind.RMA_SYNC || RmaSyncOp.of(start.op()) != RmaSyncOp.START) {
            return;
        }
        for (long from : posts) {
            int q = (int) (from >>> 32);
            int p = (int) from;
            // a post never replayed (missing, or forced past) left no snapshot and says nothing of the order
            if (q != r && snapshots.get(from) != null) {
                TraceEvent post = traces.rank(q).events().get(p);
                observer.startMatched(r, i, start.site(), RmaSyncOp.assertsNoCheck(start), q, p, post.site(),
                        RmaSyncOp.assertsNoCheck(post), clock.known(r, q) > p);
            }
        }
    }

    /** Applies event {@code cursor[r]} of rank r; false when it must wait for another rank. */
    private boolean step(int r, boolean force) {
        int i = cursor[r];
        if (edges.isSource(r, i)) {
            snapshots.put(SyncEdges.key(r, i), clock.snapshot(r, i + 1));
        }
        List<Long> waitsFor = edges.into(r, i);
        if (waitsFor != null) {
            for (long from : waitsFor) {
                int q = (int) (from >>> 32);
                if (cursor[q] <= (int) from && q != r && !force) {
                    return false;
                }
            }
            startMatched(r, i, waitsFor);
            for (long from : waitsFor) {
                int[][] before = snapshots.get(from);
                if (before != null) {
                    clock.join(r, before);
                }
            }
        }
        SendEvent s = p2p.sendAt[r][i];
        if (s != null) {
            if (s.dest >= 0 && s.dest < worldSize) {
                s.knownOfDest = s.dest == r ? i : clock.known(r, s.dest);
            }
            s.clock = clock.share(r);
            return true;
        }
        RecvEvent v = p2p.completedAt[r][i];
        if (v != null && v.matched != null) {
            SendEvent m = v.matched;
            if (cursor[m.rank] <= m.index && m.rank != r) {
                return force;
            }
            if (m.clock != null) {
                clock.join(r, m.clock);
                m.clock = null;
            }
            clock.raise(r, m.rank, m.index + 1);
            return true;
        }
        CollectiveEvent c = collectives.at[r][i];
        if (c != null) {
            List<CollectiveEvent> members = collectives.instance(c);
            Join j = joins.get(members);
            if (j == null) {
                j = new Join(clock.fresh());
                joins.put(members, j);
            }
            if (arrivedAt[r] != i) {
                arrivedAt[r] = i;
                j.arrived++;
                if (c.contributes()) {
                    clock.contribute(r, i + 1, j.clock);
                }
            }
            if (c.nonblocking() || !c.receives()) {
                return true;
            }
            return receive(r, j, members.size(), force);
        }
        CollectiveEvent done = collectives.completing[r][i];
        if (done != null && done.receives()) {
            List<CollectiveEvent> members = collectives.instance(done);
            Join j = joins.get(members);
            return j == null ? force : receive(r, j, members.size(), force);
        }
        return true;
    }

    /** What the observer may ask of the clocks while the replay runs. */
    private final ReplayObserver.Clocks clocks = new ReplayObserver.Clocks() {
        @Override
        public int known(int rank, int of) {
            return clock.known(rank, of);
        }

        @Override
        public boolean finished(int rank) {
            return cursor[rank] >= length(rank);
        }

        @Override
        public int worldSize() {
            return worldSize;
        }
    };

    private boolean receive(int r, Join j, int members, boolean force) {
        if (j.arrived < members && !force) {
            return false;
        }
        clock.joinGathered(r, j.clock);
        return true;
    }

}
