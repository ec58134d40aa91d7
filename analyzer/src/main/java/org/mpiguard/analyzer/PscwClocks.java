package org.mpiguard.analyzer;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import org.mpiguard.core.trace.RmaSyncOp;

/**
 * PSCW in the streaming replay ({@link #step}), and the clocks it passes between ranks: a target's post leaves its
 * clock for each origin of its group, to be taken by that origin's next start naming it; an
 * origin's complete leaves its clock for each target its start named, to be taken by that
 * target's next wait. The k-th post meets the k-th start of each pair, as the whole-trace
 * edges pair them ({@link SyncEdges}).
 */
final class PscwClocks {

    /** One direction of PSCW between a target and an origin on one window. */
    private record Pair(long win, int target, int origin, boolean post) {
        // written out, as the record's would be: see SiteRef
        @Override
        public boolean equals(Object o) {
            return o instanceof Pair p && win == p.win && target == p.target && origin == p.origin && post == p.post;
        }

        @Override
        public int hashCode() {
            return ((Long.hashCode(win) * 31 + target) * 31 + origin) * 31 + (post ? 1 : 0);
        }
    }

    /**
     * What a post or complete left for its partner: its clock, and the call itself (its site,
     * event and MPI.MODE_NOCHECK), which a start judges its own assertion against.
     */
    record Left(int[][] clock, int site, int index, boolean noCheck) {
    }

    private final Map<Pair, ArrayDeque<Left>> left = new HashMap<>();
    private final VectorClocks clock;
    private final RankProgress[] ranks;
    private final int worldSize;
    /** Null when the replay steps every rank. */
    private final ReplayShipping shipping;
    /** Told each start's match with a post, before the start takes the post's clock. */
    private final StreamReplay.Listener listener;

    PscwClocks(VectorClocks clock, RankProgress[] ranks, ReplayShipping shipping, StreamReplay.Listener listener) {
        this.clock = clock;
        this.ranks = ranks;
        this.worldSize = ranks.length;
        this.shipping = shipping;
        this.listener = listener;
    }

    /** Rank {@code r}'s post or complete {@code s} leaves {@code clock} for each rank of its group. */
    void leave(int r, FeedSlot s, int[][] clock) {
        for (int other : s.group) {
            leaveFor(r, s, other, clock);
        }
    }

    /** Rank {@code r}'s post or complete {@code s} leaves {@code clock} for rank {@code other} of its group. */
    void leaveFor(int r, FeedSlot s, int other, int[][] clock) {
        Left l = new Left(clock, s.event.site(), s.index, RmaSyncOp.assertsNoCheck(s.event));
        if (s.role == SyncEdges.Role.POST) {
            put(s.win, r, other, true, l);
        } else {
            put(s.win, other, r, false, l);
        }
    }

    /** What a post left for the start (post: from the target), or a complete for the wait (not post: from the origin), of the pair. */
    void put(long win, int target, int origin, boolean post, Left l) {
        Pair p = new Pair(win, target, origin, post);
        ArrayDeque<Left> q = left.get(p);
        if (q == null) {
            q = new ArrayDeque<>();
            left.put(p, q);
        }
        q.add(l);
    }

    /** Whether rank {@code other} left a clock for rank {@code r}'s start or wait {@code s}. */
    boolean has(int r, FeedSlot s, int other) {
        return peek(r, s, other) != null;
    }

    private Left peek(int r, FeedSlot s, int other) {
        ArrayDeque<Left> q = left.get(pair(s, r, other));
        return q == null ? null : q.peek();
    }

    /** The clock rank {@code other} left for rank {@code r}'s start or wait {@code s}, taken; null if none. */
    int[][] take(int r, FeedSlot s, int other) {
        ArrayDeque<Left> q = left.get(pair(s, r, other));
        Left l = q == null ? null : q.poll();
        return l == null ? null : l.clock();
    }

    /** The pair a start (from the target's post) or a wait (from the origin's complete) takes its clock from. */
    private static Pair pair(FeedSlot s, int r, int other) {
        return s.role == SyncEdges.Role.START ? new Pair(s.win, other, r, true) : new Pair(s.win, r, other, false);
    }

    /** A post's or complete's clock left for each partner: here, or shipped to the partner's block. */
    private void leavePscw(int r, FeedSlot s, int[][] snapshot) {
        if (shipping == null) {
            leave(r, s, snapshot);
            return;
        }
        boolean post = s.role == SyncEdges.Role.POST;
        for (int other : s.group) {
            if (other >= 0 && other < worldSize && shipping.remote(other)) {
                shipping.pscwLeft(other, s.win, post ? r : other, post ? other : r, post, snapshot, s.event.site(),
                        s.index, RmaSyncOp.assertsNoCheck(s.event));
            } else {
                leaveFor(r, s, other, snapshot);
            }
        }
    }

    /** Replays PSCW event {@code i} of rank {@code r}: a post or complete leaves its clock for its partners; a start or wait takes theirs (false: it waits). */
    boolean step(int r, int i, FeedSlot s, boolean force) {
        if (s.role == SyncEdges.Role.POST || s.role == SyncEdges.Role.COMPLETE) {
            if (!s.snapshotTaken) {
                s.snapshotTaken = true;
                leavePscw(r, s, clock.snapshot(r, i + 1));
            }
            return true;
        }
        if (!force) {
            for (int other : s.group) {
                if (!has(r, s, other) && other != r && !(other < 0 || other >= worldSize
                        || ranks[other] == null || ranks[other].finished())) {
                    return false;
                }
            }
        }
        if (s.role == SyncEdges.Role.START) {
            // what the origin knew before this start takes any post's clock: MPI.MODE_NOCHECK is judged by it
            for (int other : s.group) {
                Left post = other == r ? null : peek(r, s, other);
                if (post != null) {
                    listener.startMatched(r, i, s.event.site(), RmaSyncOp.assertsNoCheck(s.event), other,
                            post.index(), post.site(), post.noCheck(), clock.known(r, other) > post.index());
                }
            }
        }
        for (int other : s.group) {
            int[][] theirs = take(r, s, other);
            if (theirs != null) {
                clock.join(r, theirs);
            }
        }
        return true;
    }
}
