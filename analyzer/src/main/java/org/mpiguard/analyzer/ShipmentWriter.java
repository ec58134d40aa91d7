package org.mpiguard.analyzer;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
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

    private final int self;
    private final int[] ownerOf;
    private final int[] bounds;
    private final ByteArrayOutputStream[] bytes;
    private final DataOutputStream[] out;
    /** Per destination block, the last clock written to it, component by component. */
    private final int[][] lastClock;

    ShipmentWriter(int self, int[] ownerOf, int[] bounds) {
        int blocks = bounds.length - 1;
        this.self = self;
        this.ownerOf = ownerOf;
        this.bounds = bounds;
        this.bytes = new ByteArrayOutputStream[blocks];
        this.out = new DataOutputStream[blocks];
        this.lastClock = new int[blocks][];
        for (int b = 0; b < blocks; b++) {
            bytes[b] = new ByteArrayOutputStream();
            out[b] = new DataOutputStream(bytes[b]);
        }
    }

    /** What was written to each block since the last call (null where nothing), and forgets it. */
    byte[][] take() {
        byte[][] taken = new byte[bytes.length][];
        for (int b = 0; b < bytes.length; b++) {
            if (bytes[b].size() > 0) {
                taken[b] = bytes[b].toByteArray();
                bytes[b].reset();
            }
        }
        return taken;
    }

    @Override
    public boolean remote(int rank) {
        return ownerOf[rank] != self;
    }

    @Override
    public boolean reports(int lowest) {
        return lowest < 0 ? self == 0 : ownerOf[lowest] == self;
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
        DataOutputStream o = out[ownerOf[s.dest]];
        try {
            o.writeByte(what);
            send(o, s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
        try {
            for (int b = 0; b < out.length; b++) {
                if (b != self) {
                    out[b].writeByte(what);
                    out[b].writeInt(rank);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void sendReplayed(SendEvent s) {
        int b = ownerOf[s.dest];
        DataOutputStream o = out[b];
        try {
            o.writeByte(SEND_CLOCK);
            o.writeInt(s.rank);
            o.writeInt(s.index);
            o.writeInt(s.knownOfDest);
            clock(b, s.clock);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void arrived(Collectives.Key key, BitSet expected, List<CollectiveEvent> members, int[][] gathered) {
        try {
            for (int b = 0; b < out.length; b++) {
                int q = expected.nextSetBit(bounds[b]);
                if (b == self || q < 0 || q >= bounds[b + 1]) {
                    continue;
                }
                DataOutputStream o = out[b];
                o.writeByte(ARRIVED);
                o.writeLong(key.comm());
                o.writeLong(key.ring());
                long[] words = expected.toLongArray();
                o.writeInt(words.length);
                for (long w : words) {
                    o.writeLong(w);
                }
                o.writeInt(members.size());
                for (CollectiveEvent c : members) {
                    collective(o, c);
                }
                o.writeBoolean(gathered != null);
                if (gathered != null) {
                    clock(b, gathered);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void pscwLeft(int partner, long win, int target, int origin, boolean post, int[][] clock) {
        int b = ownerOf[partner];
        DataOutputStream o = out[b];
        try {
            o.writeByte(PSCW);
            o.writeLong(win);
            o.writeInt(target);
            o.writeInt(origin);
            o.writeBoolean(post);
            clock(b, clock);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void access(int origin, int target, int index, TraceEvent e, int completion, byte mode, int[][] clock) {
        int b = ownerOf[target];
        DataOutputStream o = out[b];
        try {
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
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    private static void send(DataOutputStream o, SendEvent s) throws IOException {
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
    }

    private static void collective(DataOutputStream o, CollectiveEvent c) throws IOException {
        o.writeInt(c.rank());
        o.writeInt(c.index());
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
        o.writeLong(c.request());
        o.writeInt(c.site());
    }

    /** A signature as its id in its rank's trace (the reader looks it up there), or -1 for none. */
    private static int sig(Signature s) {
        return s == null ? -1 : s.id();
    }

    /** The components of {@code frozen} that differ from the last clock written to block {@code b}. */
    private void clock(int b, int[][] frozen) throws IOException {
        int world = ownerOf.length;
        int[] last = lastClock[b];
        if (last == null) {
            last = new int[world];
            lastClock[b] = last;
        }
        int changed = 0;
        for (int q = 0; q < world; q++) {
            if (VectorClocks.component(frozen, q) != last[q]) {
                changed++;
            }
        }
        DataOutputStream o = out[b];
        o.writeInt(changed);
        for (int q = 0; q < world; q++) {
            int v = VectorClocks.component(frozen, q);
            if (v != last[q]) {
                o.writeInt(q);
                o.writeInt(v);
                last[q] = v;
            }
        }
    }
}
