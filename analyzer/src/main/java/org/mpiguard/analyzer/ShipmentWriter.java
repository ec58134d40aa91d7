package org.mpiguard.analyzer;

import java.util.BitSet;
import java.util.List;
import org.mpiguard.core.trace.Signature;
import org.mpiguard.core.trace.TraceEvent;

/**
 * One block's shipments to the other blocks of a spread analysis, written as bytes, one
 * stream per destination block in the order they are made ({@link ShipmentReader} reads them):
 * the same bytes whether the blocks share a process or not. A clock is written as the
 * components that changed since the last clock written to the same block, so the many clocks
 * a round ships to one block cost what they add.
 */
final class ShipmentWriter implements ReplayShipping, StreamingMatch.Router {

    static final byte POSTED = 1;
    static final byte LEFT = 2;
    static final byte ENDED = 3;
    static final byte FINISHED = 4;
    static final byte SEND_CLOCK = 5;
    static final byte ARRIVED = 6;
    static final byte PSCW = 7;
    static final byte ACCESS = 8;
    static final byte COMPLETE = 9;

    private final int self;
    private final int[] ownerOf;
    private final int[] bounds;
    private final FrameOut[] out;
    /** Per destination block, the clocks written to it. */
    private final ClockChannel[] clocks;
    /** Per destination block: arrivals at a collective it gathers were written to it since the last {@link #take}. */
    private final boolean[] arrivals;

    ShipmentWriter(int self, int[] ownerOf, int[] bounds) {
        int blocks = bounds.length - 1;
        this.self = self;
        this.ownerOf = ownerOf;
        this.bounds = bounds;
        this.out = new FrameOut[blocks];
        this.clocks = new ClockChannel[blocks];
        this.arrivals = new boolean[blocks];
        for (int b = 0; b < blocks; b++) {
            clocks[b] = new ClockChannel(ownerOf.length);
            out[b] = new FrameOut();
        }
    }

    /** What was written to each block since the last call (null where nothing), and forgets it. */
    byte[][] take() {
        byte[][] taken = new byte[out.length][];
        for (int b = 0; b < out.length; b++) {
            if (out[b].size() > 0) {
                taken[b] = out[b].toBytes();
                out[b].reset();
            }
        }
        return taken;
    }

    /**
     * Whether what {@link #take} is about to give block {@code b} holds arrivals at a collective
     * it gathers (so the coordinator lets it gather them before the next round); clears the mark.
     */
    boolean takeArrivals(int b) {
        boolean any = arrivals[b];
        arrivals[b] = false;
        return any;
    }

    @Override
    public boolean remote(int rank) {
        return ownerOf[rank] != self;
    }

    @Override
    public boolean reports(int gatherer) {
        return gatherer < 0 ? self == 0 : ownerOf[gatherer] == self;
    }

    @Override
    public void posted(SendEvent s) {
        shipSend(POSTED, s);
    }

    @Override
    public void left(SendEvent s) {
        shipSend(LEFT, s);
    }

    /** A send, to the block of its destination. */
    private void shipSend(byte what, SendEvent s) {
        FrameOut o = out[ownerOf[s.dest]];
        o.writeByte(what);
        send(o, s);
    }

    @Override
    public void ended(int rank) {
        toOthers(ENDED, rank);
    }

    @Override
    public void finished(int rank) {
        toOthers(FINISHED, rank);
    }

    private void toOthers(byte what, int rank) {
        for (int b = 0; b < out.length; b++) {
            if (b != self) {
                out[b].writeByte(what);
                out[b].writeInt(rank);
            }
        }
    }

    @Override
    public void sendReplayed(SendEvent s) {
        int b = ownerOf[s.dest];
        FrameOut o = out[b];
        o.writeByte(SEND_CLOCK);
        o.writeInt(s.rank);
        o.writeInt(s.index);
        o.writeInt(s.knownOfDest);
        clock(b, s.clock);
    }

    @Override
    public void arrived(int gatherer, Collectives.Key key, BitSet expected, List<CollectiveEvent> members,
                        int[][] gathered) {
        int b = gatherer < 0 ? 0 : ownerOf[gatherer];
        FrameOut o = out[b];
        arrivals[b] = true;
        o.writeByte(ARRIVED);
        o.writeLong(key.comm());
        o.writeLong(key.ring());
        o.writeInt(gatherer);
        bits(o, expected);
        o.writeInt(members.size());
        CollectiveEvent previous = null;
        for (CollectiveEvent c : members) {
            collective(o, c, previous);
            previous = c;
        }
        o.writeBoolean(gathered != null);
        if (gathered != null) {
            clock(b, gathered);
        }
    }

    @Override
    public void complete(Collectives.Key key, int gatherer, BitSet expected, int[][] gathered, boolean allReceive) {
        for (int b = 0; b < out.length; b++) {
            int q = expected.nextSetBit(bounds[b]);
            if (b == self || q < 0 || q >= bounds[b + 1]) {
                continue;
            }
            FrameOut o = out[b];
            o.writeByte(COMPLETE);
            o.writeLong(key.comm());
            o.writeLong(key.ring());
            o.writeInt(gatherer);
            bits(o, expected);
            o.writeBoolean(allReceive);
            clock(b, gathered);
        }
    }

    private static void bits(FrameOut o, BitSet set) {
        long[] words = set.toLongArray();
        o.writeInt(words.length);
        for (long w : words) {
            o.writeLong(w);
        }
    }

    @Override
    public void pscwLeft(int partner, long win, int target, int origin, boolean post, int[][] clock, int site,
                         int index, boolean noCheck) {
        int b = ownerOf[partner];
        FrameOut o = out[b];
        o.writeByte(PSCW);
        o.writeLong(win);
        o.writeInt(target);
        o.writeInt(origin);
        o.writeBoolean(post);
        o.writeInt(site);
        o.writeInt(index);
        o.writeBoolean(noCheck);
        clock(b, clock);
    }

    @Override
    public void access(int origin, int target, int index, TraceEvent e, int completion, byte mode, int[][] clock) {
        int b = ownerOf[target];
        FrameOut o = out[b];
        o.writeByte(ACCESS);
        o.writeInt(origin);
        o.writeInt(index);
        o.writeInt(completion);
        o.writeByte(mode);
        o.writeByte(e.kind().ordinal());
        o.writeLong(e.seq());
        o.writeInt(e.site());
        o.writeLong(e.thread());
        o.writeInt(e.fieldCount());
        for (int i = 0; i < e.fieldCount(); i++) {
            o.writeLong(e.field(i));
        }
        clock(b, clock);
    }

    private static void send(FrameOut o, SendEvent s) {
        o.writeInt(s.rank);
        o.writeInt(s.index);
        o.writeInt(s.op == null ? -1 : s.op.ordinal());
        o.writeLong(s.comm);
        o.writeInt(s.dest);
        o.writeInt(s.tag);
        o.writeInt(sig(s.sig));
        o.writeInt(s.count);
        o.writeLong(s.request);
        o.writeInt(s.site);
        o.writeBoolean(s.cancelled);
        o.writeBoolean(s.completed);
        o.writeBoolean(s.readyMode);
    }

    /** Set in a member's first byte: its call is the previous member's (a block's members mostly make the same call). */
    static final int SAME_CALL = 1;
    /** Set in a member's first byte: its request is the previous member's. */
    static final int SAME_REQUEST = 2;

    /**
     * A member of a collective, after the {@code previous} one of the same list: a byte of what
     * it shares with that one, its rank and event as changes from that one's, then only what
     * differs (some 5 bytes for a member making its neighbour's call, 65 written whole).
     */
    private static void collective(FrameOut o, CollectiveEvent c, CollectiveEvent previous) {
        boolean sameCall = previous != null && sameCall(c, previous);
        boolean sameRequest = previous != null && c.request() == previous.request();
        o.writeByte((sameCall ? SAME_CALL : 0) | (sameRequest ? SAME_REQUEST : 0));
        o.writeSignedVarint(c.rank() - (previous == null ? 0 : previous.rank()));
        o.writeSignedVarint(c.index() - (previous == null ? 0 : previous.index()));
        if (!sameCall) {
            o.writeInt(c.kind().ordinal());
            o.writeBoolean(c.nonblocking());
            o.writeLong(c.comm());
            o.writeLong(c.ring());
            o.writeInt(c.root());
            o.writeInt(c.reduceOp());
            o.writeInt(sig(c.sendSig()));
            o.writeInt(c.sendCount());
            o.writeInt(sig(c.recvSig()));
            o.writeInt(c.recvCount());
            o.writeInt(c.site());
        }
        if (!sameRequest) {
            o.writeLong(c.request());
        }
    }

    /** Whether two members' calls write the same fields (signatures by their ids in the traces, as written). */
    private static boolean sameCall(CollectiveEvent a, CollectiveEvent b) {
        return a.kind() == b.kind() && a.nonblocking() == b.nonblocking() && a.comm() == b.comm()
                && a.ring() == b.ring() && a.root() == b.root() && a.reduceOp() == b.reduceOp()
                && sig(a.sendSig()) == sig(b.sendSig()) && a.sendCount() == b.sendCount()
                && sig(a.recvSig()) == sig(b.recvSig()) && a.recvCount() == b.recvCount() && a.site() == b.site();
    }

    /** A signature as its id in its rank's trace (the reader looks it up there), or -1 for none. */
    private static int sig(Signature s) {
        return s == null ? -1 : s.id();
    }

    /** A clock, to block {@code b}: what changed since the last one written there. */
    private void clock(int b, int[][] frozen) {
        clocks[b].write(out[b], frozen);
    }
}
