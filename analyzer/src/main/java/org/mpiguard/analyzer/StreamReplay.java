package org.mpiguard.analyzer;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link HappensBefore}'s replay over ranks read as streams ({@link RankFeed}): the same
 * vector clocks and the same order constraints (a receive's completion after the send it
 * took, a collective's receivers after its contributors arrived, PSCW's start after the post
 * and wait after the completes), applied as the events are read rather than over whole
 * traces. What it holds is in flight: the clocks of sends not yet received, of collectives
 * not yet left, of PSCW posts and completes not yet waited for, and the events read ahead.
 *
 * <p>Where the whole-trace replay knows a collective's members from every trace, this one
 * takes a communicator's (or window's) members from the rank that made it, and otherwise
 * every rank, and asks a missing member's stream whether it ever calls that collective
 * before waiting for it any longer.
 */
final class StreamReplay {

    /** Sees every event once, in replay order, with its rank's clock at that event. */
    interface Listener {
        void visit(RankFeed feed, FeedSlot slot, ReplayObserver.Clocks clocks);

        /** Every member of a collective has arrived and left it (or the replay ended): its calls, in rank order. */
        default void instanceDone(List<CollectiveEvent> members) {
        }
    }

    /** Events read from a rank at a time when the replay needs more. */
    private static final int SLICE = 64;

    /** What the members of one collective contributed so far. */
    private static final class Join {
        final BlockClock clock;
        final BitSet arrived = new BitSet();
        /** The members: those the communicator names (with a trace), less those found never to call it. */
        BitSet expected;
        /** Members expected and not arrived: the test of every wait, kept as a count. */
        int missing;
        /** Members arrived that receive from it and have not yet left it (at the call, or its completion). */
        int toLeave;
        final List<CollectiveEvent> members = new java.util.ArrayList<>();

        Join(BlockClock clock) {
            this.clock = clock;
        }
    }

    private final RankFeed[] feeds;
    private final int worldSize;
    private final Listener listener;
    private final List<String> notes;
    private final VectorClocks clock;
    private final Map<Collectives.Key, Join> joins = new HashMap<>();
    private final PscwClocks pscw = new PscwClocks();
    /** The ranks in the order each sweep steps them: rank order, or another for the tests of order independence. */
    private final RankFeed[] sweep;
    private int forced;

    private StreamReplay(RankFeed[] feeds, int[] sweepOrder, Listener listener, List<String> notes) {
        this.feeds = feeds;
        this.sweep = sweepOrder(feeds, sweepOrder);
        this.worldSize = feeds.length;
        this.listener = listener;
        this.notes = notes;
        this.clock = new VectorClocks(worldSize);
    }

    /** The feeds in {@code order} (ranks it does not name, or all when null, follow in rank order). */
    private static RankFeed[] sweepOrder(RankFeed[] feeds, int[] order) {
        RankFeed[] sweep = new RankFeed[feeds.length];
        BitSet placed = new BitSet(feeds.length);
        int k = 0;
        for (int r : order == null ? new int[0] : order) {
            if (r >= 0 && r < feeds.length && !placed.get(r)) {
                placed.set(r);
                sweep[k++] = feeds[r];
            }
        }
        for (int r = placed.nextClearBit(0); r < feeds.length; r = placed.nextClearBit(r + 1)) {
            sweep[k++] = feeds[r];
        }
        return sweep;
    }

    /** Replays every feed to its end, showing {@code listener} each event; notes where the order is approximate. */
    static void run(RankFeed[] feeds, Listener listener, List<String> notes) {
        new StreamReplay(feeds, null, listener, notes).run();
    }

    /**
     * {@link #run} stepping the ranks in {@code sweepOrder} (a permutation of the ranks) in
     * each sweep. The clocks and the pairs do not depend on it (stepping one rank never stops
     * another from being stepped), and the findings must not either: that is what lets the
     * replay be split over processes that step their own ranks.
     */
    static void run(RankFeed[] feeds, int[] sweepOrder, Listener listener, List<String> notes) {
        new StreamReplay(feeds, sweepOrder, listener, notes).run();
    }

    private final ReplayObserver.Clocks clocks = new ReplayObserver.Clocks() {
        @Override
        public int known(int rank, int of) {
            return clock.known(rank, of);
        }

        @Override
        public boolean finished(int rank) {
            return feeds[rank] == null || feeds[rank].finished();
        }

        @Override
        public int worldSize() {
            return worldSize;
        }
    };

    private void run() {
        while (true) {
            boolean progress = false;
            boolean left = false;
            for (RankFeed f : sweep) {
                if (f == null) {
                    continue;
                }
                FeedSlot s = f.head();
                while (s != null && step(f, s, false)) {
                    applied(f, s);
                    progress = true;
                    s = f.head();
                }
                left |= !f.finished();
            }
            if (!left) {
                break;
            }
            if (!progress && !readAhead() && !excludeAbsentMembers()) {
                force();
            }
        }
        if (forced > 5) {
            notes.add("(" + (forced - 5) + " more events ordered approximately)");
        }
        for (Join j : joins.values()) {
            done(j);
        }
        joins.clear();
    }

    private void done(Join j) {
        j.members.sort(BY_RANK);
        listener.instanceDone(j.members);
    }

    /** A collective's calls in rank order, as the whole-trace grouping lists them. */
    private static final java.util.Comparator<CollectiveEvent> BY_RANK = new java.util.Comparator<>() {
        @Override
        public int compare(CollectiveEvent a, CollectiveEvent b) {
            return Integer.compare(a.rank(), b.rank());
        }
    };

    private void applied(RankFeed f, FeedSlot s) {
        listener.visit(f, s, clocks);
        f.pop();
    }

    /**
     * Reads a slice into every rank that has few events waiting (or, when none has, into every
     * rank still reading): the replay is waiting for what they have not read. False when
     * every trace is read to its end.
     */
    private boolean readAhead() {
        boolean any = false;
        for (RankFeed f : feeds) {
            if (f != null && !f.ended() && f.buffered() < SLICE) {
                any |= f.read(SLICE) > 0 || f.ended();
            }
        }
        if (!any) {
            for (RankFeed f : feeds) {
                if (f != null && !f.ended()) {
                    any |= f.read(SLICE) > 0 || f.ended();
                }
            }
        }
        return any;
    }

    /**
     * When every rank waits and every trace is read: a collective some rank waits in may have
     * members that never call it (their traces end before it, or have no such call); those are
     * no members, as the whole traces would show. False when no wait changed.
     */
    private boolean excludeAbsentMembers() {
        boolean changed = false;
        for (RankFeed f : feeds) {
            FeedSlot s = f == null ? null : f.head();
            CollectiveEvent c = s == null ? null : s.collective != null ? s.collective : s.completesCollective;
            Join j = c == null ? null : joins.get(new Collectives.Key(c.comm(), c.ring()));
            if (j == null || j.expected == null) {
                continue;
            }
            for (int q = j.expected.nextSetBit(0); q >= 0; q = j.expected.nextSetBit(q + 1)) {
                if (!j.arrived.get(q) && (feeds[q] == null || !feeds[q].calls(c.comm(), c.ring()))) {
                    j.expected.clear(q);
                    j.missing--;
                    changed = true;
                }
            }
        }
        return changed;
    }

    /** A partner's event is missing (dropped, cut short, or a rank without trace): go on without its order. */
    private void force() {
        for (RankFeed f : feeds) {
            FeedSlot s = f == null ? null : f.head();
            if (s != null) {
                if (forced++ < 5) {
                    notes.add("happens-before is approximate from event " + s.index + " of rank " + f.rank
                            + ": the event it waits for is not in the traces");
                }
                step(f, s, true);
                applied(f, s);
                return;
            }
        }
    }

    /** Applies the feed's next event; false when it must wait for another rank. */
    private boolean step(RankFeed f, FeedSlot s, boolean force) {
        int r = f.rank;
        int i = s.index;
        if (s.role != null && !pscw(r, i, s, force)) {
            return false;
        }
        SendEvent send = s.send;
        if (send != null) {
            if (send.dest >= 0 && send.dest < worldSize) {
                send.knownOfDest = send.dest == r ? i : clock.known(r, send.dest);
            }
            send.clock = clock.share(r);
            return true;
        }
        RecvEvent v = s.received;
        if (v != null) {
            return receive(f, r, v, force);
        }
        CollectiveEvent c = s.collective;
        if (c != null) {
            Join j = join(f, c);
            if (!s.arrived) {
                s.arrived = true;
                j.arrived.set(r);
                if (j.expected.get(r)) {
                    j.missing--;
                }
                j.members.add(c);
                if (c.receives()) {
                    j.toLeave++;
                }
                if (c.contributes()) {
                    clock.contribute(r, i + 1, j.clock);
                }
            }
            if (c.nonblocking() || !c.receives()) {
                return true;
            }
            return leave(r, c, j, force);
        }
        CollectiveEvent done = s.completesCollective;
        if (done != null && done.receives()) {
            Join j = joins.get(new Collectives.Key(done.comm(), done.ring()));
            return j == null ? force : leave(r, done, j, force);
        }
        return true;
    }

    /** A receive's completion: after the send it took, whose clock it joins. */
    private boolean receive(RankFeed f, int r, RecvEvent v, boolean force) {
        SendEvent m = v.matched;
        if (m == null) {
            // not paired yet: wait while the pairing may still give it a message
            return force || !RankFeed.mayStillPair(feeds, v);
        }
        RankFeed sender = feeds[m.rank];
        if (m.rank != r && (sender == null || sender.replayed() <= m.index)) {
            return force;
        }
        if (m.clock != null) {
            clock.join(r, m.clock);
            m.clock = null;
        }
        clock.raise(r, m.rank, m.index + 1);
        return true;
    }

    private Join join(RankFeed f, CollectiveEvent c) {
        Collectives.Key key = new Collectives.Key(c.comm(), c.ring());
        Join j = joins.get(key);
        if (j == null) {
            j = new Join(clock.fresh());
            j.expected = new BitSet(worldSize);
            int[] members = f.members(c);
            if (members == null) {
                for (int q = 0; q < worldSize; q++) {
                    if (feeds[q] != null) {
                        j.expected.set(q);
                    }
                }
            } else {
                for (int q : members) {
                    if (q >= 0 && q < worldSize && feeds[q] != null) {
                        j.expected.set(q);
                    }
                }
            }
            j.missing = j.expected.cardinality();
            joins.put(key, j);
        }
        return j;
    }

    /**
     * A member leaving a collective it receives from: after every member arrived. The last to
     * leave forgets the collective (a job makes millions; a clock each would not fit).
     */
    private boolean leave(int r, CollectiveEvent c, Join j, boolean force) {
        if (!force && !allArrived(j)) {
            return false;
        }
        clock.joinGathered(r, j.clock);
        if (--j.toLeave <= 0 && allArrived(j)) {
            joins.remove(new Collectives.Key(c.comm(), c.ring()));
            done(j);
        }
        return true;
    }

    private static boolean allArrived(Join j) {
        return j.missing == 0;
    }

    /** PSCW: a post or complete leaves its clock for its partners; a start or wait takes theirs. */
    private boolean pscw(int r, int i, FeedSlot s, boolean force) {
        if (s.role == SyncEdges.Role.POST || s.role == SyncEdges.Role.COMPLETE) {
            if (!s.snapshotTaken) {
                s.snapshotTaken = true;
                pscw.leave(r, s, clock.snapshot(r, i + 1));
            }
            return true;
        }
        if (!force) {
            for (int other : s.group) {
                if (!pscw.has(r, s, other) && other != r && !(other < 0 || other >= worldSize
                        || feeds[other] == null || feeds[other].finished())) {
                    return false;
                }
            }
        }
        for (int other : s.group) {
            int[][] theirs = pscw.take(r, s, other);
            if (theirs != null) {
                clock.join(r, theirs);
            }
        }
        return true;
    }

}
