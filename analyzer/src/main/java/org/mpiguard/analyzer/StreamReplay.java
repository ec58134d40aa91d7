package org.mpiguard.analyzer;

import java.util.BitSet;
import java.util.List;

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

        /** A start matched a post: see {@link ReplayObserver#startMatched}. */
        default void startMatched(int origin, int startIndex, int startSite, boolean startNoCheck, int target,
                                  int postIndex, int postSite, boolean postNoCheck, boolean ordered) {
        }
    }

    /** Events read from a rank at a time when the replay needs more. */
    private static final int SLICE = 64;

    /** The ranks this replay steps (null for the others: no trace, or another block's). */
    private final RankFeed[] feeds;
    /** Every rank with a trace (null without): the ranks here, and the stand-ins of other blocks' ranks. */
    private final RankProgress[] ranks;
    private final int worldSize;
    private final Listener listener;
    private final List<String> notes;
    private final VectorClocks clock;
    private final CollectiveJoins joins;
    private final PscwClocks pscw;
    /** The ranks in the order each sweep steps them: rank order, or another for the tests of order independence. */
    private final RankFeed[] sweep;
    /** Null when this replay steps every rank. */
    private final ReplayShipping shipping;
    /** Events forced so far, by every block of the analysis (its first few are noted). */
    private final int[] forced;
    /** The ranks here whose end was shipped to the other blocks. */
    private final BitSet finishShipped = new BitSet();

    StreamReplay(RankFeed[] feeds, RankProgress[] ranks, int[] sweepOrder, Listener listener, List<String> notes,
                 ReplayShipping shipping, int[] forced) {
        this.feeds = feeds;
        this.ranks = ranks;
        this.sweep = sweepOrder(feeds, sweepOrder);
        this.worldSize = feeds.length;
        this.listener = listener;
        this.notes = notes;
        this.clock = new VectorClocks(worldSize);
        this.shipping = shipping;
        this.forced = forced;
        this.joins = new CollectiveJoins(clock, ranks, listener, shipping);
        this.pscw = new PscwClocks(clock, ranks, shipping, listener);
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

    private final ReplayObserver.Clocks clocks = new ReplayObserver.Clocks() {
        @Override
        public int known(int rank, int of) {
            return clock.known(rank, of);
        }

        @Override
        public boolean finished(int rank) {
            return ranks[rank] == null || ranks[rank].finished();
        }

        @Override
        public int worldSize() {
            return worldSize;
        }
    };

    /**
     * Replays every rank (this replay steps them all) to its end. The sweeps step the ranks in the
     * order given at construction; the clocks, pairs and findings do not depend on it (stepping one
     * rank never stops another from being stepped), which is what lets blocks replay apart.
     */
    void run() {
        while (true) {
            boolean progress = sweep();
            if (!left()) {
                break;
            }
            if (!progress && !readAhead(false) && !readAhead(true) && !excludeAbsentMembers(localCalls)) {
                force();
            }
        }
        end();
    }

    /** The clocks as the checks see them. */
    ReplayObserver.Clocks clocks() {
        return clocks;
    }

    /** Rank {@code r}'s clock as it is now, frozen: to ship with an access to another block's window. */
    int[][] share(int r) {
        return clock.share(r);
    }

    /** Steps every rank here as far as it goes, once round; true when any event was applied. */
    boolean sweep() {
        boolean progress = false;
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
            if (shipping != null && f.finished() && !finishShipped.get(f.rank)) {
                finishShipped.set(f.rank);
                shipping.finished(f.rank);
            }
        }
        if (shipping != null) {
            joins.ship();
        }
        return progress;
    }

    /** Ships what the collectives gathered here owe the other blocks (a completion whose last arrival was shipped here). */
    void shipCollectives() {
        if (shipping != null) {
            joins.ship();
        }
    }

    /** Whether a rank here has events not yet replayed. */
    boolean left() {
        for (RankFeed f : sweep) {
            if (f != null && !f.finished()) {
                return true;
            }
        }
        return false;
    }

    /** The replay is over: notes how much it forced; every collective still open is done. */
    void end() {
        if (forced[0] > 5 && shipping == null) {
            notes.add("(" + (forced[0] - 5) + " more events ordered approximately)");
        }
        joins.endAll();
    }

    private void applied(RankFeed f, FeedSlot s) {
        listener.visit(f, s, clocks);
        f.pop();
    }

    /**
     * Reads a slice into every rank that has few events waiting or, with {@code all}, into every
     * rank still reading: the replay is waiting for what they have not read. False when nothing
     * was read (every trace read to its end, or every rank has enough waiting).
     */
    boolean readAhead(boolean all) {
        boolean any = false;
        for (RankFeed f : feeds) {
            if (f != null && !f.ended() && (all || f.buffered() < SLICE)) {
                any |= f.read(SLICE) > 0 || f.ended();
            }
        }
        return any;
    }

    /**
     * When every rank waits and every trace is read: a collective some rank waits in may have
     * members that never call it (their traces end before it, or have no such call); those are
     * no members, as the whole traces would show. False when no wait changed.
     */
    boolean excludeAbsentMembers(Calls calls) {
        if (shipping != null) {
            return joins.excludeAbsentEverywhere(calls);
        }
        boolean changed = false;
        for (RankFeed f : feeds) {
            FeedSlot s = f == null ? null : f.head();
            CollectiveEvent c = s == null ? null : s.collective != null ? s.collective : s.completesCollective;
            if (c != null) {
                changed |= joins.excludeAbsent(c, calls);
            }
        }
        return changed;
    }

    /** Tells {@code ask} each member not yet arrived at a collective a rank here waits in (the questions of {@link #excludeAbsentMembers}). */
    void absentMembers(Calls ask) {
        for (RankFeed f : feeds) {
            FeedSlot s = f == null ? null : f.head();
            CollectiveEvent c = s == null ? null : s.collective != null ? s.collective : s.completesCollective;
            if (c != null) {
                joins.missing(c, ask);
            }
        }
    }

    /** Whether a rank ever calls a collective, its trace read ahead as far as that takes. */
    interface Calls {
        boolean calls(int rank, long comm, long ring);
    }

    /** {@link Calls} of the ranks this replay reads. */
    private final Calls localCalls = new Calls() {
        @Override
        public boolean calls(int rank, long comm, long ring) {
            return feeds[rank] != null && feeds[rank].calls(comm, ring);
        }
    };

    /** Whether rank {@code rank}, replayed here, ever calls collective {@code ring} of {@code comm}. */
    boolean calls(int rank, long comm, long ring) {
        return localCalls.calls(rank, comm, ring);
    }

    /**
     * A partner's event is missing (dropped, cut short, or a rank without trace): go on without
     * its order, from the lowest rank here that waits. False when none waits here.
     */
    boolean force() {
        for (RankFeed f : feeds) {
            FeedSlot s = f == null ? null : f.head();
            if (s != null) {
                if (forced[0]++ < 5) {
                    notes.add("happens-before is approximate from event " + s.index + " of rank " + f.rank
                            + ": the event it waits for is not in the traces");
                }
                step(f, s, true);
                applied(f, s);
                if (shipping != null) {
                    joins.ship();
                }
                return true;
            }
        }
        return false;
    }

    /** Applies the feed's next event; false when it must wait for another rank. */
    private boolean step(RankFeed f, FeedSlot s, boolean force) {
        int r = f.rank;
        int i = s.index;
        if (s.role != null && !pscw.step(r, i, s, force)) {
            return false;
        }
        SendEvent send = s.send;
        if (send != null) {
            if (send.dest >= 0 && send.dest < worldSize) {
                send.knownOfDest = send.dest == r ? i : clock.known(r, send.dest);
            }
            send.clock = clock.share(r);
            if (shipping != null && send.dest >= 0 && send.dest < worldSize && shipping.remote(send.dest)) {
                shipping.sendReplayed(send);
            }
            return true;
        }
        RecvEvent v = s.received;
        if (v != null) {
            return receive(f, r, v, force);
        }
        CollectiveEvent c = s.collective;
        if (c != null) {
            CollectiveJoins.Join j;
            if (!s.arrived) {
                s.arrived = true;
                j = joins.arrive(f, r, i, c);
            } else {
                j = joins.get(c);
            }
            if (c.nonblocking() || !c.receives()) {
                return true;
            }
            return j == null ? force : joins.leave(r, c, j, force);
        }
        CollectiveEvent done = s.completesCollective;
        if (done != null && done.receives()) {
            CollectiveJoins.Join j = joins.get(done);
            return j == null ? force : joins.leave(r, done, j, force);
        }
        return true;
    }

    /** A receive's completion: after the send it took, whose clock it joins. */
    private boolean receive(RankFeed f, int r, RecvEvent v, boolean force) {
        SendEvent m = v.matched;
        if (m == null) {
            // not paired yet: wait while the pairing may still give it a message
            return force || !RankFeed.mayStillPair(ranks, v);
        }
        RankProgress sender = ranks[m.rank];
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

    /** A member another block replays arrived at a collective: see {@link CollectiveJoins#arrivedElsewhere}. */
    void arrivedElsewhere(Collectives.Key key, int gatherer, BitSet expected, List<CollectiveEvent> arrivals,
                          int[][] gathered) {
        joins.arrivedElsewhere(key, gatherer, expected, arrivals, gathered);
    }

    /**
     * Every member of a collective arrived, says the block gathering them: see
     * {@link CollectiveJoins#completeElsewhere}. When every member receives from it, each one's
     * later events know all of {@code gathered}: the other blocks' members learn it.
     */
    void completeElsewhere(Collectives.Key key, int gatherer, BitSet expected, int[][] gathered, boolean allReceive) {
        joins.completeElsewhere(key, gatherer, expected, gathered);
        if (allReceive) {
            for (int q = expected.nextSetBit(0); q >= 0; q = expected.nextSetBit(q + 1)) {
                learn(q, gathered);
            }
        }
    }

    /**
     * What rank {@code rank} of another block knew at one of its events, shipped here: its clock
     * here becomes that (its later events know at least as much; what arrives later was shipped
     * about a later point of it). The race judgement and the RMA check's forgetting read it; were
     * it lower, they would only wait longer.
     */
    void learn(int rank, int[][] known) {
        if (shipping != null && rank >= 0 && rank < worldSize && shipping.remote(rank)) {
            clock.adopt(rank, known);
        }
    }

    /** A post or complete of another block's rank (its site, event and MPI.MODE_NOCHECK) left a clock for a rank here. */
    void pscwArrived(long win, int target, int origin, boolean post, int[][] clock, int site, int index,
                     boolean noCheck) {
        pscw.put(win, target, origin, post, new PscwClocks.Left(clock, site, index, noCheck));
        learn(post ? target : origin, clock);
    }
}
