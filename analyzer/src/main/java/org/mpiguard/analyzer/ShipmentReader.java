package org.mpiguard.analyzer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.Signature;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;

/**
 * Reads what {@link ShipmentWriter} wrote for one block and hands it to that block, in order;
 * clocks come as their changed components, per source block ({@link ClockChannel}).
 */
final class ShipmentReader {

    private final TraceSet traces;
    /** Per source block, the clocks read from it. */
    private final ClockChannel[] clocks;

    ShipmentReader(TraceSet traces, int blocks) {
        this.traces = traces;
        this.clocks = new ClockChannel[blocks];
    }

    /** Delivers the shipments {@code frame} holds, written by block {@code from}, to {@code block}. */
    void deliver(byte[] frame, int off, int len, int from, ReplayBlock block) {
        FrameIn in = new FrameIn(frame, off, len);
        try {
            while (in.available()) {
                byte what = in.readByte();
                switch (what) {
                    case ShipmentWriter.POSTED -> block.sendPosted(send(in));
                    case ShipmentWriter.LEFT -> block.sendLeft(send(in));
                    case ShipmentWriter.ENDED -> block.ended(in.readInt());
                    case ShipmentWriter.FINISHED -> block.finished(in.readInt());
                    case ShipmentWriter.SEND_CLOCK -> {
                        int rank = in.readInt();
                        int index = in.readInt();
                        int known = in.readInt();
                        block.sendReplayed(rank, index, known, clock(in, from));
                    }
                    case ShipmentWriter.ARRIVED -> arrived(in, from, block);
                    case ShipmentWriter.PSCW -> {
                        long win = in.readLong();
                        int target = in.readInt();
                        int origin = in.readInt();
                        boolean post = in.readBoolean();
                        int site = in.readInt();
                        int index = in.readInt();
                        boolean noCheck = in.readBoolean();
                        block.replay.pscwArrived(win, target, origin, post, clock(in, from), site, index, noCheck);
                    }
                    case ShipmentWriter.ACCESS -> access(in, from, block);
                    case ShipmentWriter.COMPLETE -> {
                        Collectives.Key key = new Collectives.Key(in.readLong(), in.readLong());
                        int gatherer = in.readInt();
                        BitSet expected = bits(in);
                        boolean allReceive = in.readBoolean();
                        block.replay.completeElsewhere(key, gatherer, expected, clock(in, from), allReceive);
                    }
                    default -> throw new IllegalStateException("unknown shipment " + what + " from block " + from);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void arrived(FrameIn in, int from, ReplayBlock block) throws IOException {
        Collectives.Key key = new Collectives.Key(in.readLong(), in.readLong());
        int gatherer = in.readInt();
        BitSet expected = bits(in);
        int n = in.readInt();
        List<CollectiveEvent> members = new ArrayList<>(n);
        CollectiveEvent previous = null;
        for (int i = 0; i < n; i++) {
            previous = collective(in, previous);
            members.add(previous);
        }
        int[][] gathered = in.readBoolean() ? clock(in, from) : null;
        block.replay.arrivedElsewhere(key, gatherer, expected, members, gathered);
    }

    private static BitSet bits(FrameIn in) throws IOException {
        long[] words = new long[in.readInt()];
        for (int i = 0; i < words.length; i++) {
            words[i] = in.readLong();
        }
        return BitSet.valueOf(words);
    }

    private void access(FrameIn in, int from, ReplayBlock block) throws IOException {
        int origin = in.readInt();
        int index = in.readInt();
        int completion = in.readInt();
        byte mode = in.readByte();
        EventKind kind = EventKind.values()[in.readByte()];
        long seq = in.readLong();
        int site = in.readInt();
        long thread = in.readLong();
        long[] fields = new long[in.readInt()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = in.readLong();
        }
        int[][] clock = clock(in, from);
        block.accessElsewhere(origin, index, TraceEvent.of(kind, seq, site, thread, fields), completion, mode, clock);
    }

    private SendEvent send(FrameIn in) throws IOException {
        int rank = in.readInt();
        int index = in.readInt();
        int op = in.readInt();
        long comm = in.readLong();
        int dest = in.readInt();
        int tag = in.readInt();
        Signature sig = sig(rank, in.readInt());
        int count = in.readInt();
        long request = in.readLong();
        int site = in.readInt();
        SendEvent s = new SendEvent(rank, index, op < 0 ? null : PointOp.values()[op], comm, dest, tag, sig, count,
                request, site);
        s.cancelled = in.readBoolean();
        s.completed = in.readBoolean();
        s.readyMode = in.readBoolean();
        return s;
    }

    /** A member as {@code ShipmentWriter.collective} wrote it after {@code previous}. */
    private CollectiveEvent collective(FrameIn in, CollectiveEvent previous) throws IOException {
        int shares = in.readByte();
        if (previous == null && shares != 0) {
            throw new IOException("a collective's first member written as the one before it");
        }
        int rank = in.readSignedVarint() + (previous == null ? 0 : previous.rank());
        int index = in.readSignedVarint() + (previous == null ? 0 : previous.index());
        if (rank < 0 || rank >= traces.worldSize()) {
            throw new IOException("a collective's member of rank " + rank + " in a world of " + traces.worldSize());
        }
        if ((shares & ShipmentWriter.SAME_CALL) != 0) {
            long request = (shares & ShipmentWriter.SAME_REQUEST) != 0 ? previous.request() : in.readLong();
            return new CollectiveEvent(rank, index, previous.kind(), previous.nonblocking(), previous.comm(),
                    previous.ring(), previous.root(), previous.reduceOp(), sigOf(rank, previous.sendSig()),
                    previous.sendCount(), sigOf(rank, previous.recvSig()), previous.recvCount(), request,
                    previous.site());
        }
        int kind = in.readInt();
        if (kind < 0 || kind >= CollectiveKind.values().length) {
            throw new IOException("a collective of kind " + kind);
        }
        boolean nonblocking = in.readBoolean();
        long comm = in.readLong();
        long ring = in.readLong();
        int root = in.readInt();
        int reduceOp = in.readInt();
        Signature sendSig = sig(rank, in.readInt());
        int sendCount = in.readInt();
        Signature recvSig = sig(rank, in.readInt());
        int recvCount = in.readInt();
        int site = in.readInt();
        long request = (shares & ShipmentWriter.SAME_REQUEST) != 0 ? previous.request() : in.readLong();
        return new CollectiveEvent(rank, index, CollectiveKind.values()[kind], nonblocking, comm, ring, root, reduceOp,
                sendSig, sendCount, recvSig, recvCount, request, site);
    }

    /** The signature of {@code rank}'s trace with the id of {@code s} (another member's, whose id was written as this one's). */
    private Signature sigOf(int rank, Signature s) {
        return s == null ? null : sig(rank, s.id());
    }

    private Signature sig(int rank, int id) {
        if (id < 0) {
            return null;
        }
        TraceFile t = traces.rank(rank);
        return t == null ? null : t.signature(id);
    }

    private int[][] clock(FrameIn in, int from) throws IOException {
        if (clocks[from] == null) {
            clocks[from] = new ClockChannel(traces.worldSize());
        }
        return clocks[from].read(in);
    }
}
