package org.mpiguard.analyzer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.analyzer.rma.RmaConflictAnalysis;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.RmaSyncOp;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceStream;

/**
 * One share of the streaming analysis: a block of ranks whose traces it reads and replays,
 * with the checks that judge where its ranks are: the pairing, type matching, lost messages
 * and message races of the messages its ranks receive, the RMA conflicts on its ranks'
 * windows, the handle leaks and request lifecycles of its ranks, the collectives whose lowest
 * member it holds. The only block of a job analysed in one piece; one of several when the
 * analysis is spread ({@link SpreadReplay}), where what the others need is shipped.
 */
final class ReplayBlock {

    final RankFeed[] feeds;
    final RankProgress[] ranks;
    final StreamingMatch pairing;
    final StreamingRaces races;
    final TypeMismatchAnalysis.Pairs pairs = new TypeMismatchAnalysis.Pairs();
    final LeakAnalysis.Lost lost = new LeakAnalysis.Lost();
    final ReadySendAnalysis.Pairs readySends;
    private boolean readySendsWork = true;
    final CollectiveTypeAnalysis.Instances collectives = new CollectiveTypeAnalysis.Instances();
    final LeakAnalysis.Handles[] handles;
    final RequestLifecycleAnalysis.OfRank[] lifecycles;
    final RmaConflictAnalysis rma;
    /** The checks that failed on traces they did not expect (their findings are missing), said as notes. */
    final List<String> failed = new ArrayList<>();
    final StreamReplay replay;
    long events;
    /** The notes of reading this block's traces, and of the order its replay forced. */
    final List<String> notes;
    final List<String> order;
    /** Null when this is the only block. */
    final ShipmentWriter writer;
    private final ShipmentReader reader;
    /** Sends to ranks here shipped by other blocks, waiting for the clock of their replay. */
    private final Map<Long, SendEvent> awaitingClock = new HashMap<>();
    /** Clocks of such sends that came before the send itself (a send is replayed before it can join). */
    private final Map<Long, SendEvent> clockFirst = new HashMap<>();
    private final RemoteRank[] remote;
    private final ReplayShipping shipping;

    /**
     * The block of ranks {@code lo} to {@code hi - 1} of {@code traces}, one of {@code blocks},
     * reading {@code streams} (its ranks' opened traces); {@code writer} null when it is the only block.
     */
    ReplayBlock(TraceSet traces, int lo, int hi, int blocks, List<TraceStream> streams, int[] sweepOrder,
                ShipmentWriter writer, List<String> notes, List<String> order, int[] forced) {
        this.writer = writer;
        this.shipping = writer;
        this.notes = notes;
        this.order = order;
        this.reader = writer == null ? null : new ShipmentReader(traces, blocks);
        this.readySends = new ReadySendAnalysis.Pairs(traces);
        StreamingMatch.Router router = writer;
        int world = traces.worldSize();
        feeds = new RankFeed[world];
        ranks = new RankProgress[world];
        remote = new RemoteRank[world];
        handles = new LeakAnalysis.Handles[world];
        lifecycles = new RequestLifecycleAnalysis.OfRank[world];
        races = new StreamingRaces(feeds, ranks, new StreamingMatch.Listener() {
            @Override
            public void paired(SendEvent s, RecvEvent v) {
                pairs.add(s, v);
            }

            @Override
            public void unmatched(SendEvent s) {
                lost.unmatched(s);
            }

            @Override
            public void open(RecvEvent v) {
                lost.openReceive(v);
            }
        });
        pairing = new StreamingMatch(world, races, router);
        Map<Long, int[]> commMembers = new HashMap<>();
        Map<Long, int[]> winMembers = new HashMap<>();
        for (TraceStream s : streams) {
            int r = s.header().rank();
            LeakAnalysis.Handles leaks = traces.whole(r) ? new LeakAnalysis.Handles(s.header()) : null;
            RequestLifecycleAnalysis.OfRank requests = new RequestLifecycleAnalysis.OfRank(s.header(), traces.whole(r));
            handles[r] = leaks;
            lifecycles[r] = requests;
            feeds[r] = new RankFeed(s, pairing, commMembers, winMembers, new RankFeed.RankPass() {
                @Override
                public void accept(TraceEvent e) {
                    if (leaks != null) {
                        leaks.accept(e);
                    }
                    requests.accept(e);
                }
            }, notes);
            ranks[r] = feeds[r];
        }
        for (int r = 0; r < world; r++) {
            if (ranks[r] == null && traces.rank(r) != null && (r < lo || r >= hi)) {
                remote[r] = new RemoteRank();
                ranks[r] = remote[r];
            }
        }
        rma = RmaConflictAnalysis.streaming(traces, new RmaConflictAnalysis.DispUnits() {
            @Override
            public Integer of(int rank, long win) {
                return rank >= 0 && rank < feeds.length && feeds[rank] != null ? feeds[rank].dispUnit(win) : null;
            }
        });
        replay = new StreamReplay(feeds, ranks, sweepOrder, new StreamReplay.Listener() {
            @Override
            public void visit(RankFeed feed, FeedSlot slot, ReplayObserver.Clocks clocks) {
                visited(feed, slot, clocks);
            }

            @Override
            public void instanceDone(List<CollectiveEvent> members) {
                collectives.add(members);
            }

            @Override
            public void startMatched(int origin, int startIndex, int startSite, boolean startNoCheck, int target,
                                     int postIndex, int postSite, boolean postNoCheck, boolean ordered) {
                rma.startMatched(origin, startIndex, startSite, startNoCheck, target, postIndex, postSite, postNoCheck,
                        ordered);
            }
        }, order, shipping, forced);
    }

    private void visited(RankFeed feed, FeedSlot slot, ReplayObserver.Clocks clocks) {
        events++;
        if (failed.isEmpty()) {
            try {
                races.visit(feed, slot, clocks);
            } catch (RuntimeException e) {
                failed.add(StreamingAnalysis.failure("message races", e));
            }
        }
        if (slot.received != null && readySendsWork) {
            try {
                readySends.completed(slot.received);
            } catch (RuntimeException e) {
                // not in failed: that stops the message races, which do not depend on this check
                readySendsWork = false;
                notes.add(StreamingAnalysis.failure("ready sends", e));
            }
        }
        if (slot.event.kind() == EventKind.RMA_SYNC) {
            synced(feed, slot, clocks);
        }
        if (slot.completion != FeedSlot.NOT_RMA) {
            TraceEvent e = slot.event;
            int target = e.kind() == EventKind.RMA ? e.intField(2) : feed.rank;
            if (shipping != null && target >= 0 && target < feeds.length && shipping.remote(target)) {
                shipping.access(feed.rank, target, slot.index, e, slot.completion, slot.mode, replay.share(feed.rank));
            } else {
                rma.visit(feed.rank, slot.index, e, slot.completion, slot.mode, clocks);
            }
        }
    }

    /**
     * A synchronisation of one-sided communication, given to the RMA check where it is judged: a
     * fence where its rank is, a lock or unlock where its target is, a lockAll or unlockAll everywhere.
     */
    private void synced(RankFeed feed, FeedSlot slot, ReplayObserver.Clocks clocks) {
        TraceEvent e = slot.event;
        RmaSyncOp op = RmaSyncOp.of(e.op());
        int target = e.intField(2);
        if (shipping != null && (op == RmaSyncOp.LOCK || op == RmaSyncOp.UNLOCK) && target >= 0
                && target < feeds.length && shipping.remote(target)) {
            shipping.access(feed.rank, target, slot.index, e, FeedSlot.NOT_RMA, (byte) 0, replay.share(feed.rank));
            return;
        }
        if (shipping != null && (op == RmaSyncOp.LOCK_ALL || op == RmaSyncOp.UNLOCK_ALL)) {
            int[][] clock = replay.share(feed.rank);
            for (int r = 0; r < feeds.length; r++) {
                if (shipping.remote(r)) {
                    shipping.access(feed.rank, r, slot.index, e, FeedSlot.NOT_RMA, (byte) 0, clock);
                }
            }
        }
        rma.sync(feed.rank, slot.index, e, clocks);
    }

    /** Delivers what block {@code from} shipped here ({@link ShipmentWriter}'s bytes, {@code len} of them at {@code off}). */
    void deliver(byte[] frame, int off, int len, int from) {
        reader.deliver(frame, off, len, from, this);
    }

    /** An RMA operation another block's rank made on a window of a rank here: judged with its clock at the operation. */
    void accessElsewhere(int origin, int index, TraceEvent e, int completion, byte mode, int[][] clock) {
        rma.visit(origin, index, e, completion, mode, new ShippedClocks(replay.clocks(), origin, clock));
    }

    // --- what other blocks ship about the messages to ranks here

    void sendPosted(SendEvent s) {
        remote[s.rank].posted(s);
    }

    void sendLeft(SendEvent s) {
        remote[s.rank].left(s.index);
        long key = key(s.rank, s.index);
        SendEvent clocked = clockFirst.remove(key);
        if (s.cancelled) {
            return;
        }
        if (clocked != null) {
            s.knownOfDest = clocked.knownOfDest;
            s.clock = clocked.clock;
        } else {
            awaitingClock.put(key, s);
        }
        pairing.joinShipped(s);
    }

    void sendReplayed(int rank, int index, int knownOfDest, int[][] clock) {
        long key = key(rank, index);
        SendEvent s = awaitingClock.remove(key);
        if (s == null) {
            s = new SendEvent(rank, index, null, 0, 0, 0, null, 0, 0, 0);
            clockFirst.put(key, s);
        }
        s.knownOfDest = knownOfDest;
        s.clock = clock;
        remote[rank].replayedThrough(index);
        replay.learn(rank, clock);
    }

    void ended(int rank) {
        remote[rank].markEnded();
    }

    void finished(int rank) {
        remote[rank].markFinished();
    }

    private static long key(int rank, int index) {
        return (long) rank << 32 | (index & 0xffffffffL);
    }
}
