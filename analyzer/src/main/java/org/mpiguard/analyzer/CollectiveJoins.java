package org.mpiguard.analyzer;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The collectives the streaming replay has open: per instance (communicator or window, ring)
 * the members expected, those arrived and the join of their clocks, so a member that receives
 * from it leaves only once every member arrived, with everything they knew. When the replay is
 * spread over blocks, arrivals of other blocks' ranks are gathered here too, and the block of
 * the instance's gathering member ({@link #gatherer}) tells the instance's calls to the type check.
 */
final class CollectiveJoins {

    /** What the members of one collective contributed so far. */
    static final class Join {
        final BlockClock clock;
        final BitSet arrived = new BitSet();
        /** The members: those the communicator names (with a trace), less those found never to call it. */
        BitSet expected;
        /** Members expected and not arrived: the test of every wait, kept as a count. */
        int missing;
        /** Members arrived here that receive from it and have not yet left it (at the call, or its completion). */
        int toLeave;
        /** The member whose block gathers the arrivals and judges the instance's types ({@link #gatherer}). */
        int gatherer;
        final List<CollectiveEvent> members = new ArrayList<>();
        /** Members of this block arrived since its last shipment to the reporting block (null: none). */
        List<CollectiveEvent> unshipped;
        boolean unshippedContribute;
        Collectives.Key key;
        /** Spread: this block gathers every arrival and tells the others when all are in. */
        boolean reporter;
        /** Spread, another block reports: it said every member arrived. */
        boolean complete;
        boolean completeShipped;

        Join(BlockClock clock) {
            this.clock = clock;
        }

        /** Every member arrived: counted here, or (another block gathering them) said by that block. */
        boolean allArrived() {
            return reporter ? missing == 0 : missing == 0 || complete;
        }
    }

    private final Map<Collectives.Key, Join> joins = new HashMap<>();
    /** The collectives with arrivals not yet shipped, in the order of their first such arrival. */
    private final List<Join> unshipped = new ArrayList<>();
    private final VectorClocks clock;
    private final RankProgress[] ranks;
    private final StreamReplay.Listener listener;
    private final ReplayShipping shipping;

    CollectiveJoins(VectorClocks clock, RankProgress[] ranks, StreamReplay.Listener listener, ReplayShipping shipping) {
        this.clock = clock;
        this.ranks = ranks;
        this.listener = listener;
        this.shipping = shipping;
    }

    Join get(CollectiveEvent c) {
        return joins.get(new Collectives.Key(c.comm(), c.ring()));
    }

    /** Rank {@code r} (of feed {@code f}) arrives at collective {@code c}, event {@code i}; the instance's join. */
    Join arrive(RankFeed f, int r, int i, CollectiveEvent c) {
        Collectives.Key key = new Collectives.Key(c.comm(), c.ring());
        Join j = joins.get(key);
        if (j == null) {
            BitSet expected = expected(f, c);
            // one process gathers every instance itself: no member to pick
            j = open(key, expected, shipping == null ? -1 : gatherer(expected, c.ring()));
        }
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
        if (shipping != null && !j.reporter) {
            if (j.unshipped == null) {
                j.unshipped = new ArrayList<>();
                unshipped.add(j);
            }
            j.unshipped.add(c);
            j.unshippedContribute |= c.contributes();
        }
        toShip(j);
        if (!c.receives()) {
            forgetIfDone(key, j);
        }
        return j;
    }

    /** The members a collective waits for: those of its communicator (or window) with a trace, else every rank's. */
    private BitSet expected(RankFeed f, CollectiveEvent c) {
        int world = ranks.length;
        BitSet expected = new BitSet(world);
        int[] members = f.members(c);
        if (members == null) {
            for (int q = 0; q < world; q++) {
                if (ranks[q] != null) {
                    expected.set(q);
                }
            }
        } else {
            for (int q : members) {
                if (q >= 0 && q < world && ranks[q] != null) {
                    expected.set(q);
                }
            }
        }
        return expected;
    }

    /**
     * Ships what changed since the last time: per collective, the arrivals of this block's ranks
     * (their calls and one clock) to the block that gathers them, or from that block, once every
     * member arrived, the join of all their clocks to the others. Two clocks per block and
     * instance, where every block telling every other would ship a number growing with the square.
     */
    void ship() {
        for (Join j : unshipped) {
            if (j.reporter) {
                if (!j.completeShipped && j.missing == 0) {
                    j.completeShipped = true;
                    shipping.complete(j.key, j.gatherer, j.expected, clock.freeze(j.clock), allReceive(j));
                }
            } else if (j.unshipped != null) {
                shipping.arrived(j.gatherer, j.key, j.expected, j.unshipped,
                        j.unshippedContribute ? clock.freeze(j.clock) : null);
                j.unshipped = null;
                j.unshippedContribute = false;
            }
        }
        unshipped.clear();
    }

    /** Whether every member arrived so far receives from the collective (so leaves it knowing the join). */
    private static boolean allReceive(Join j) {
        for (CollectiveEvent c : j.members) {
            if (!c.receives()) {
                return false;
            }
        }
        return !j.members.isEmpty();
    }

    /** A reporting block's join whose members are all in now: its completion is shipped at the next {@link #ship}. */
    private void toShip(Join j) {
        if (j.reporter && j.missing == 0 && !j.completeShipped && !unshipped.contains(j)) {
            unshipped.add(j);
        }
    }

    /** The block gathering a collective's arrivals says every member arrived, with the join of their clocks. */
    void completeElsewhere(Collectives.Key key, int gatherer, BitSet expected, int[][] gathered) {
        Join j = joins.get(key);
        if (j == null) {
            j = open(key, (BitSet) expected.clone(), gatherer);
        }
        j.complete = true;
        clock.merge(j.clock, gathered);
        forgetIfDone(key, j);
    }

    /**
     * The member whose block gathers an instance's arrivals, picked from the members the
     * communicator names (the same in every block that opens the instance at a member's call;
     * a block that opens it from a shipment takes the gatherer shipped with it), turning with
     * the instance: were it always the lowest member, one block would gather every collective of
     * COMM_WORLD, taking a shipment from every other block and sending one back each time
     * (docs/scale.md). -1 when no member has a trace.
     */
    static int gatherer(BitSet members, long ring) {
        int count = members.cardinality();
        if (count == 0) {
            return -1;
        }
        // spread by the instance's number, mixed so that rings taking steps of any size still turn
        long mixed = ring * 0x9E3779B97F4A7C15L;
        int k = (int) Long.remainderUnsigned(mixed ^ (mixed >>> 32), count);
        int q = members.nextSetBit(0);
        if (members.nextClearBit(q) - q == count) {
            return q + k; // contiguous members (COMM_WORLD's, a block of ranks): no walk over them
        }
        for (; k > 0; k--) {
            q = members.nextSetBit(q + 1);
        }
        return q;
    }

    private Join open(Collectives.Key key, BitSet expected, int gatherer) {
        Join j = new Join(clock.fresh());
        j.key = key;
        j.expected = expected;
        j.gatherer = gatherer;
        j.missing = expected.cardinality();
        j.reporter = shipping != null && shipping.reports(gatherer);
        joins.put(key, j);
        return j;
    }

    /**
     * Members another block replays arrived at a collective ({@code gathered}: what their block's
     * join knew then, null when none contributes): gathered as if they had arrived here.
     * {@code expected} is the members as their block saw them.
     */
    void arrivedElsewhere(Collectives.Key key, int gatherer, BitSet expected, List<CollectiveEvent> arrivals,
                          int[][] gathered) {
        Join j = joins.get(key);
        if (j == null) {
            j = open(key, (BitSet) expected.clone(), gatherer);
        }
        for (CollectiveEvent c : arrivals) {
            int r = c.rank();
            if (!j.arrived.get(r)) {
                j.arrived.set(r);
                if (j.expected.get(r)) {
                    j.missing--;
                }
                j.members.add(c);
            }
        }
        if (gathered != null) {
            clock.merge(j.clock, gathered);
        }
        toShip(j);
        forgetIfDone(key, j);
    }

    /**
     * Rank {@code r} leaves collective {@code c} it receives from: after every member arrived (or
     * forced). The last to leave forgets the collective (a job makes millions; a clock each would not fit).
     */
    boolean leave(int r, CollectiveEvent c, Join j, boolean force) {
        if (!force && !j.allArrived()) {
            return false;
        }
        clock.joinGathered(r, j.clock);
        --j.toLeave;
        forgetIfDone(j.key, j);
        return true;
    }

    /** Every member arrived and none here is still to leave: the collective is forgotten here. */
    private void forgetIfDone(Collectives.Key key, Join j) {
        if (j.toLeave <= 0 && j.allArrived()) {
            joins.remove(key);
            done(j);
        }
    }

    /**
     * When every rank waits: members of the collective {@code c} a rank waits in that never call it
     * (their traces end before it, or have no such call) are no members. False when none was dropped.
     */
    boolean excludeAbsent(CollectiveEvent c, StreamReplay.Calls calls) {
        Join j = get(c);
        return j != null && exclude(j, c.comm(), c.ring(), calls);
    }

    /**
     * Spread: the answers about absent members applied to every collective open here, where ranks
     * wait in it or not (the block gathering its arrivals must drop them too). False when none changed.
     */
    boolean excludeAbsentEverywhere(StreamReplay.Calls calls) {
        boolean changed = false;
        for (Map.Entry<Collectives.Key, Join> e : new ArrayList<>(joins.entrySet())) {
            changed |= exclude(e.getValue(), e.getKey().comm(), e.getKey().ring(), calls);
        }
        return changed;
    }

    private boolean exclude(Join j, long comm, long ring, StreamReplay.Calls calls) {
        if (j.expected == null) {
            return false;
        }
        boolean changed = false;
        for (int q = j.expected.nextSetBit(0); q >= 0; q = j.expected.nextSetBit(q + 1)) {
            if (!j.arrived.get(q) && !calls.calls(q, comm, ring)) {
                j.expected.clear(q);
                j.missing--;
                changed = true;
            }
        }
        if (changed) {
            toShip(j);
        }
        return changed;
    }

    /** Where collective {@code c} waits for members not yet arrived: each such member, to ask whether it ever calls it. */
    void missing(CollectiveEvent c, StreamReplay.Calls ask) {
        Join j = get(c);
        if (j == null || j.expected == null) {
            return;
        }
        for (int q = j.expected.nextSetBit(0); q >= 0; q = j.expected.nextSetBit(q + 1)) {
            if (!j.arrived.get(q)) {
                ask.calls(q, c.comm(), c.ring());
            }
        }
    }

    /** The replay ended: every collective still open is done. */
    void endAll() {
        for (Join j : joins.values()) {
            done(j);
        }
        joins.clear();
    }

    private void done(Join j) {
        if (shipping == null || j.reporter) {
            j.members.sort(BY_RANK);
            listener.instanceDone(j.members);
        }
    }

    /** A collective's calls in rank order, as the whole-trace grouping lists them. */
    private static final java.util.Comparator<CollectiveEvent> BY_RANK = new java.util.Comparator<>() {
        @Override
        public int compare(CollectiveEvent a, CollectiveEvent b) {
            return Integer.compare(a.rank(), b.rank());
        }
    };
}
