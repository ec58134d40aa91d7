package org.mpiguard.analyzer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * {@link MessageRaceAnalysis#races} as the traces stream by: each receive from ANY_SOURCE
 * is judged, in its rank's posting order, once what it needs is known: every receive
 * posted before it has its message, and for every other sender the first message still free
 * at it (or that there is none) has been replayed, so its clock says whether it knew the
 * receive. A sender that has not sent such a message yet is settled when its clock already
 * knows the receive (none it sends later can race) or its trace ends. What is held is the
 * receives not yet judged and, per receiver, communicator and sender, the messages not taken
 * by a receive posted before the oldest of them.
 */
final class StreamingRaces implements StreamReplay.Listener, StreamingMatch.Listener {

    /** How many replayed events between tries of every receiver with receives waiting to be judged. */
    private static final int RETRY = 4096;

    private final RankFeed[] feeds;
    /** Every rank with a trace, replayed here or by another block: what the judgement asks of senders. */
    private final RankProgress[] ranks;
    private final int worldSize;
    private final StreamingMatch.Listener next;
    private final List<MessageRaceAnalysis.Race> races = new ArrayList<>();
    /** By receiver: its ANY_SOURCE receives in posting order, not yet judged. */
    private final List<ArrayDeque<RecvEvent>> wildcards = new ArrayList<>();
    /** By receiver: communicator, then sender, to the sender's messages in its order (those that matter still). */
    private final List<LongMap<LongMap<ArrayDeque<SendEvent>>>> sent = new ArrayList<>();
    /** The judgement of each receiver's oldest receive, sender by sender. */
    private final int[] nextSender;
    private final List<List<SendEvent>> alternatives = new ArrayList<>();
    private ReplayObserver.Clocks clocks;
    private boolean ended;
    private int sinceRetry;

    /** {@code next} is told every pairing event after this one is (the other checks on the pairs). */
    StreamingRaces(RankFeed[] feeds, RankProgress[] ranks, StreamingMatch.Listener next) {
        this.feeds = feeds;
        this.ranks = ranks;
        this.worldSize = feeds.length;
        this.next = next;
        this.nextSender = new int[worldSize];
        for (int p = 0; p < worldSize; p++) {
            wildcards.add(new ArrayDeque<>());
            sent.add(new LongMap<>());
            alternatives.add(new ArrayList<>());
        }
    }

    // --- the pairing

    @Override
    public void posted(RecvEvent v) {
        if (v.anySource()) {
            wildcards.get(v.rank).add(v);
        }
        next.posted(v);
    }

    @Override
    public void joined(SendEvent s) {
        ArrayDeque<SendEvent> list = list(s.dest, s.comm, s.rank);
        if (list.isEmpty() || list.peekLast().index < s.index) {
            list.add(s);
        } else {
            // a message of another tag, held back until it could no longer be cancelled, joins later: keep the sender's order
            List<SendEvent> after = new ArrayList<>();
            while (!list.isEmpty() && list.peekLast().index > s.index) {
                after.add(list.pollLast());
            }
            list.add(s);
            for (int k = after.size() - 1; k >= 0; k--) {
                list.add(after.get(k));
            }
        }
        next.joined(s);
    }

    @Override
    public void paired(SendEvent s, RecvEvent v) {
        trim(s.dest, list(s.dest, s.comm, s.rank));
        next.paired(s, v);
    }

    @Override
    public void unmatched(SendEvent s) {
        next.unmatched(s);
    }

    @Override
    public void open(RecvEvent v) {
        next.open(v);
    }

    private ArrayDeque<SendEvent> list(int receiver, long comm, int sender) {
        LongMap<ArrayDeque<SendEvent>> senders = sent.get(receiver).get(comm);
        if (senders == null) {
            senders = new LongMap<>();
            sent.get(receiver).put(comm, senders);
        }
        ArrayDeque<SendEvent> list = senders.get(sender);
        if (list == null) {
            list = new ArrayDeque<>();
            senders.put(sender, list);
        }
        return list;
    }

    /**
     * Forgets the messages at the front taken by a receive posted before every receive still to
     * be judged (or to be posted): no later judgement looks at them.
     */
    private void trim(int receiver, ArrayDeque<SendEvent> list) {
        ArrayDeque<RecvEvent> waiting = wildcards.get(receiver);
        RankFeed feed = feeds[receiver];
        int bound = !waiting.isEmpty() ? waiting.peek().order : feed == null ? Integer.MAX_VALUE : feed.posting.posted();
        while (!list.isEmpty() && list.peek().matchedBy != null && list.peek().matchedBy.order < bound) {
            list.poll();
        }
    }

    // --- the replay

    @Override
    public void visit(RankFeed feed, FeedSlot slot, ReplayObserver.Clocks clocks) {
        this.clocks = clocks;
        if (slot.send != null && slot.send.dest >= 0 && slot.send.dest < worldSize) {
            judge(slot.send.dest);
        }
        if (slot.received != null) {
            judge(feed.rank);
        }
        if (++sinceRetry >= RETRY) {
            sinceRetry = 0;
            for (int p = 0; p < worldSize; p++) {
                if (!wildcards.get(p).isEmpty()) {
                    judge(p);
                    List<LongMap<ArrayDeque<SendEvent>>> byComm = new ArrayList<>();
                    sent.get(p).addValuesTo(byComm);
                    for (LongMap<ArrayDeque<SendEvent>> senders : byComm) {
                        List<ArrayDeque<SendEvent>> lists = new ArrayList<>();
                        senders.addValuesTo(lists);
                        for (ArrayDeque<SendEvent> list : lists) {
                            trim(p, list);
                        }
                    }
                }
            }
        }
    }

    /** Everything is replayed: judges what is left; returns the races in the receivers' posting order. */
    List<MessageRaceAnalysis.Race> finish(ReplayObserver.Clocks finalClocks) {
        ended = true;
        if (clocks == null) {
            clocks = finalClocks;
        }
        for (int p = 0; p < worldSize; p++) {
            judge(p);
        }
        races.sort(new java.util.Comparator<MessageRaceAnalysis.Race>() {
            @Override
            public int compare(MessageRaceAnalysis.Race a, MessageRaceAnalysis.Race b) {
                int byRank = Integer.compare(a.receive().rank, b.receive().rank);
                return byRank != 0 ? byRank : Integer.compare(a.receive().order, b.receive().order);
            }
        });
        return races;
    }

    /** Judges receiver {@code p}'s receives in posting order while each can be. */
    private void judge(int p) {
        ArrayDeque<RecvEvent> waiting = wildcards.get(p);
        RankFeed feed = feeds[p];
        while (!waiting.isEmpty()) {
            RecvEvent v = waiting.peek();
            if (!ended && v.matched == null && RankFeed.mayStillPair(ranks, v)) {
                return;
            }
            if (v.matched == null || v.completion < 0) {
                waiting.poll();
                continue;
            }
            if (!ended && (feed.replayed() <= v.completion || !feed.posting.joinedBefore(v.order))) {
                return;
            }
            LongMap<ArrayDeque<SendEvent>> senders = sent.get(p).get(v.comm);
            List<SendEvent> found = alternatives.get(p);
            for (int q = nextSender[p]; q < worldSize; q++) {
                if (q == v.matched.rank) {
                    continue;
                }
                ArrayDeque<SendEvent> list = senders == null ? null : senders.get(q);
                SendEvent alt = firstFree(list, v);
                if (alt == null && !settledWithout(q, p, v, list)) {
                    nextSender[p] = q;
                    return;
                }
                if (alt != null) {
                    Boolean races = racesWith(alt, q, p, v);
                    if (races == null) {
                        nextSender[p] = q;
                        return;
                    }
                    if (races) {
                        found.add(alt);
                    }
                }
            }
            waiting.poll();
            nextSender[p] = 0;
            if (!found.isEmpty()) {
                races.add(new MessageRaceAnalysis.Race(v, v.occurrence, new ArrayList<>(found)));
                found.clear();
            }
        }
    }

    /** Sender q's first message to v's rank with a tag v accepts, not taken by a receive posted before v, as the list stands. */
    private static SendEvent firstFree(ArrayDeque<SendEvent> list, RecvEvent v) {
        if (list == null) {
            return null;
        }
        while (!list.isEmpty() && takenBefore(list.peek(), v)) {
            list.poll();
        }
        int k = 0;
        for (Iterator<SendEvent> it = list.iterator(); it.hasNext() && k < MessageRaceAnalysis.SCAN_LIMIT; k++) {
            SendEvent s = it.next();
            if (!takenBefore(s, v) && (v.anyTag() || s.tag == v.tag)) {
                return s;
            }
        }
        return null;
    }

    /** No message of q's can compete with v: the search went its full length, or none q sends later can. */
    private boolean settledWithout(int q, int p, RecvEvent v, ArrayDeque<SendEvent> list) {
        if (list != null && list.size() >= MessageRaceAnalysis.SCAN_LIMIT) {
            return true;
        }
        RankProgress sender = ranks[q];
        if (sender == null || ended) {
            return true;
        }
        if (sender.holdsSendTo(p, v.comm, Integer.MAX_VALUE)) {
            return false;
        }
        return sender.ended() || clocks.known(q, p) > v.completion;
    }

    /** Whether {@code alt} competes with v (it did not know v's completion); null while that is not known. */
    private Boolean racesWith(SendEvent alt, int q, int p, RecvEvent v) {
        RankProgress sender = ranks[q];
        if (!ended && sender.holdsSendTo(p, v.comm, alt.index)) {
            return null; // an earlier message of q's may come first
        }
        if (ended || sender.replayed() > alt.index) {
            return alt.knownOfDest <= v.completion;
        }
        if (clocks.known(q, p) > v.completion) {
            return false;
        }
        return null;
    }

    private static boolean takenBefore(SendEvent s, RecvEvent v) {
        return s.matchedBy != null && s.matchedBy.order < v.order;
    }
}
