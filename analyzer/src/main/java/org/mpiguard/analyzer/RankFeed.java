package org.mpiguard.analyzer;

import java.util.List;
import java.util.Map;
import org.mpiguard.analyzer.rma.RankEpochs;
import org.mpiguard.core.collective.CommIdentity;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.HandleKind;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.core.trace.TraceRecorder;
import org.mpiguard.core.trace.TraceStream;

/**
 * One rank's events read from its stream ahead of the replay, each annotated by the
 * rank's own passes as they are read (its messages in posting order for the job's pairing,
 * its collectives, RMA epochs and PSCW groups). An RMA operation is held back until the
 * event that completes it has been read, so the replay sees it with its end known; the rest
 * is released as read. What is buffered is what lies between the replay and the reading.
 */
final class RankFeed implements RankProgress, MessageCollector.Sink, Collectives.Sink, RankEpochs.Sink, SyncEdges.Sink {

    /** A check of this rank alone, told each event as it is read. */
    interface RankPass {
        void accept(TraceEvent e);
    }

    final int rank;
    final TraceFile header;
    final StreamingMatch.Posting posting;
    private final TraceStream stream;
    private final MessageCollector messages;
    private final Collectives.Reader collectives;
    private final RankEpochs.Reader epochs;
    private final SyncEdges.Reader pscw;
    private final List<String> notes;
    private final RankPass pass;
    /** Members (world ranks) of the communicators and windows this rank made, by identity: who takes part. */
    private final Map<Long, int[]> commMembers;
    private final Map<Long, int[]> winMembers;
    /** The displacement unit of each window this rank made, by window. */
    private final LongMap<Integer> dispUnits = new LongMap<>();
    /** The highest ring (collectives) or fence number read so far, by communicator or window. */
    private final LongMap<Long> lastRing = new LongMap<>();
    private FeedSlot[] ring = new FeedSlot[64];
    private int first;
    private int count;
    /** Index of the event at {@link #first}: the replay's place in this rank. */
    private int replayed;
    private int read;
    private boolean ended;

    RankFeed(TraceStream stream, StreamingMatch pairing, Map<Long, int[]> commMembers, Map<Long, int[]> winMembers,
             RankPass pass, List<String> notes) {
        this.stream = stream;
        this.header = stream.header();
        this.rank = header.rank();
        this.posting = pairing.posting(rank);
        this.messages = new MessageCollector(header, this);
        this.collectives = new Collectives.Reader(header, this);
        this.epochs = new RankEpochs.Reader(rank, this);
        this.pscw = new SyncEdges.Reader(header, this);
        this.commMembers = commMembers;
        this.winMembers = winMembers;
        this.notes = notes;
        this.pass = pass;
    }

    /** Reads up to {@code n} more events; returns how many it read (0 at the end). */
    int read(int n) {
        int k = 0;
        while (k < n && !ended) {
            FeedSlot slot = nextSlot();
            if (!StreamingMatch.readInto(stream, slot.event, rank, read, notes)) {
                ended = true;
                posting.end();
                stream.close();
                break;
            }
            accept(slot);
            k++;
        }
        return k;
    }

    /** The ring's slot after its last, made when the ring first reaches it: the next event is read into its buffer. */
    private FeedSlot nextSlot() {
        if (count == ring.length) {
            FeedSlot[] bigger = new FeedSlot[2 * ring.length];
            for (int k = 0; k < count; k++) {
                bigger[k] = ring[(first + k) % ring.length];
            }
            ring = bigger;
            first = 0;
        }
        int at = (first + count) % ring.length;
        if (ring[at] == null) {
            ring[at] = new FeedSlot();
        }
        return ring[at];
    }

    private void accept(FeedSlot slot) {
        int i = read++;
        count++;
        TraceEvent e = slot.hold(i);
        if (e.kind() == EventKind.HANDLE && e.op() == HandleKind.CREATE) {
            members(e);
        }
        messages.accept(i, e);
        collectives.accept(i, e);
        epochs.accept(i, e);
        pscw.accept(i, e);
        pass.accept(e);
    }

    /** A communicator's or window's members, which its collectives and fences wait for; a window's unit. */
    private void members(TraceEvent e) {
        HandleKind kind = HandleKind.of(e.field(1));
        if (kind == HandleKind.WIN) {
            dispUnits.put(e.field(3), e.intField(6));
        }
        int[] members = header.rankSets().get(e.intField(4));
        if (members == null || members.length == 0) {
            return;
        }
        if (kind == HandleKind.WIN) {
            winMembers.putIfAbsent(e.field(3), members);
        } else if (kind == HandleKind.COMM && e.field(3) != 0) {
            commMembers.putIfAbsent(e.field(3), members);
        }
    }

    /** The slot of event {@code index}, read and not yet replayed. */
    private FeedSlot slot(int index) {
        return ring[(first + index - replayed) % ring.length];
    }

    /** The next event to replay, or null when none is read or it is an RMA operation whose end is not yet known. */
    FeedSlot head() {
        if (count == 0) {
            return null;
        }
        FeedSlot s = ring[first];
        return s.rmaOperation && s.completion == RankEpochs.NEVER && !ended ? null : s;
    }

    /** The head was replayed. */
    void pop() {
        ring[first].empty();
        first = (first + 1) % ring.length;
        count--;
        replayed++;
    }

    @Override
    public int replayed() {
        return replayed;
    }

    /** Events read and not yet replayed. */
    int buffered() {
        return count;
    }

    /** The trace is read to its end (the replay may still have events of it). */
    @Override
    public boolean ended() {
        return ended;
    }

    /** Every event is replayed. */
    @Override
    public boolean finished() {
        return ended && count == 0;
    }

    /**
     * Reads ahead until this rank is known to call collective {@code ringNumber} on {@code comm}
     * (fences: ring {@code -k} of a window) or known not to: its rings on one communicator
     * grow, so a higher one read, or the end, says it will not.
     */
    boolean calls(long comm, long ringNumber) {
        while (true) {
            Long last = lastRing.get(comm);
            if (last != null && (ringNumber >= 0 ? last >= ringNumber : last <= ringNumber)) {
                return last == ringNumber || seen(comm, ringNumber);
            }
            if (ended) {
                return false;
            }
            read(256);
        }
    }

    private boolean seen(long comm, long ringNumber) {
        for (int k = 0; k < count; k++) {
            CollectiveEvent c = ring[(first + k) % ring.length].collective;
            if (c != null && c.comm() == comm && c.ring() == ringNumber) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the pairing may still give {@code v} a message: it has not joined its channel (its
     * rank's trace is not read to the end), or it waits on a channel whose sender's trace is not.
     */
    static boolean mayStillPair(RankProgress[] ranks, RecvEvent v) {
        if (!v.joined) {
            return true;
        }
        int source = v.effectiveSource();
        if (v.cancelled || source < 0 || source >= ranks.length || v.effectiveTag() == TraceRecorder.ANY) {
            return false;
        }
        RankProgress sender = ranks[source];
        return sender != null && !sender.ended();
    }

    @Override
    public boolean holdsSendTo(int dest, long comm, int index) {
        return posting.holdsSendTo(dest, comm, index);
    }

    /** The displacement unit this rank gave window {@code win}, read ahead until its creation; null if never. */
    Integer dispUnit(long win) {
        while (!dispUnits.containsKey(win) && !ended) {
            read(256);
        }
        return dispUnits.get(win);
    }

    /** The world ranks of a communicator's (or a window's, for a fence) members, or null when not known. */
    int[] members(CollectiveEvent c) {
        if (c.ring() < 0) {
            return winMembers.get(c.comm());
        }
        return c.comm() == CommIdentity.WORLD_ID ? null : commMembers.get(c.comm());
    }

    // --- what the rank's passes say of the events as they are read

    @Override
    public void sent(SendEvent s) {
        slot(s.index).send = s;
        posting.sent(s);
    }

    @Override
    public void posted(RecvEvent v) {
        posting.posted(v);
    }

    @Override
    public void received(RecvEvent v) {
        slot(v.completion).received = v;
        posting.received(v);
    }

    @Override
    public void sendCompleted(SendEvent s) {
        posting.sendCompleted(s);
    }

    @Override
    public void called(CollectiveEvent ce) {
        slot(ce.index()).collective = ce;
        lastRing.put(ce.comm(), ce.ring());
    }

    @Override
    public void completed(int index, CollectiveEvent ce) {
        slot(index).completesCollective = ce;
    }

    @Override
    public void issued(int index, int completion, byte mode) {
        FeedSlot s = slot(index);
        s.completion = completion;
        s.mode = mode;
        s.rmaOperation = s.event.kind() == EventKind.RMA;
    }

    @Override
    public void completes(int index, int at) {
        if (index < replayed) {
            return; // replayed already: its end was known (the earliest completion counts)
        }
        FeedSlot s = slot(index);
        s.completion = Math.min(s.completion, at);
    }

    @Override
    public void pscw(int index, SyncEdges.Role role, long win, int[] group) {
        FeedSlot s = slot(index);
        s.role = role;
        s.win = win;
        s.group = group;
    }
}
