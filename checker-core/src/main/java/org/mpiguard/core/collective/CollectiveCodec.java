package org.mpiguard.core.collective;

import org.mpiguard.core.codec.VarInput;
import org.mpiguard.core.codec.VarOutput;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Binary form of the stream of collective calls one rank sends its left neighbour.
 *
 * <p>Every byte the ring sends is progressed by the application's own MPI calls on both
 * ranks, so the stream is kept small: a call is its <em>shape</em> (communicator,
 * operation, root, reduction, type signature, site: what a loop repeats) and its number.
 * A shape is spelt out once and then named by a small index; numbers run on by one per
 * communicator and are spelt out only after a gap (a call the log dropped); a run of the
 * same shape is one token. A loop of collectives thus costs one or two bytes a call, and
 * a loop of one collective a few bytes in all. The encoder and the decoder each keep the
 * shapes of one direction, so messages must be decoded in the order they were made (MPI
 * keeps that order between two ranks on one tag).
 *
 * <p>Tokens, each an unsigned varint: {@code 0} shape (fields follow), {@code 1} next
 * number of a shape's communicator (shape, number follow), {@code 2} forget all shapes,
 * {@code 3} run (shape, length follow), {@code 4 + s} one call of shape {@code s}.
 */
public final class CollectiveCodec {

    /** Shapes remembered per direction; a program that varies its counts forever starts over. */
    static final int MAX_SHAPES = 1024;

    private static final int SHAPE = 0;
    private static final int NEXT_SEQ = 1;
    private static final int FORGET = 2;
    private static final int RUN = 3;
    private static final int SINGLE = 4;

    private CollectiveCodec() {
    }

    /** The sending side of one direction: own calls in, bytes out. */
    public static final class Encoder {
        private final Map<CollectiveCall, Shape> shapes = new IdentityHashMap<>();
        private final Map<Long, Cursor> cursors = new HashMap<>();
        private final VarOutput out = new VarOutput();
        private int runShape = -1;
        private int runLength;

        /**
         * Appends one call: an interned {@code shape} (seq 0, the same object for the same
         * fields) and its number; calls of one communicator come in increasing number.
         */
        public void add(CollectiveCall shape, long seq) {
            add(shape, seq, 1);
        }

        /** Appends a run: {@code calls} calls of {@code shape} numbered {@code seq} on. */
        public void add(CollectiveCall shape, long seq, int calls) {
            Shape known = shapes.get(shape);
            if (known == null) {
                flushRun();
                if (shapes.size() >= MAX_SHAPES) {
                    out.varint(FORGET);
                    shapes.clear();
                }
                known = new Shape(shapes.size(), shape, cursor(cursors, shape.commId()));
                shapes.put(shape, known);
                out.varint(SHAPE);
                writeShape(shape);
            }
            int id = known.id;
            if (known.cursor.next != seq) {
                flushRun();
                out.varint(NEXT_SEQ);
                out.varint(id);
                out.varlong(seq);
            }
            known.cursor.next = seq + calls;
            if (id != runShape || runLength > Integer.MAX_VALUE - calls) {
                flushRun();
                runShape = id;
            }
            runLength += calls;
        }

        /** Bytes waiting to be taken, up to the current run (a run costs a few bytes more). */
        public int size() {
            return out.size() + (runLength > 0 ? 8 : 0);
        }

        public boolean isEmpty() {
            return out.size() == 0 && runLength == 0;
        }

        /** The bytes of every call added since the last take, as one self-contained message. */
        public byte[] take() {
            flushRun();
            return out.take();
        }

        private void flushRun() {
            if (runLength == 1) {
                out.varint(SINGLE + runShape);
            } else if (runLength > 1) {
                out.varint(RUN);
                out.varint(runShape);
                out.varint(runLength);
            }
            runLength = 0;
            runShape = -1;
        }

        private void writeShape(CollectiveCall s) {
            out.varlong(s.commId());
            out.varint(s.kind().ordinal());
            out.varint(s.nonblocking() ? 1 : 0);
            for (int field : new int[] {s.root(), s.reduceOp(), s.count(), s.typeCode(), s.typeSize(), s.rank(),
                    s.line()}) {
                out.signed(field);
            }
            out.string(s.op());
            out.string(s.className());
            out.string(s.method());
            out.string(s.file() == null ? "" : s.file());
        }
    }

    /** Receives each decoded call: the neighbour's shape (seq 0) and the call's number. */
    public interface Sink {
        void call(CollectiveCall shape, long seq);
    }

    /** Receives each decoded run: {@code calls} calls of the neighbour's shape numbered {@code firstSeq} on. */
    public interface RunSink {
        void run(CollectiveCall shape, long firstSeq, int calls);
    }

    /** The receiving side of one direction: bytes in, the neighbour's calls out. */
    public static final class Decoder {
        private final List<Shape> shapes = new ArrayList<>();
        private final Map<Long, Cursor> cursors = new HashMap<>();

        /** Hands every call of one message to {@code sink}, in the order they were made. */
        public void decode(byte[] bytes, int length, Sink sink) throws IOException {
            decodeRuns(bytes, length, new RunSink() { // not a lambda: the ring's first message links no call site
                @Override
                public void run(CollectiveCall shape, long first, int calls) {
                    for (int i = 0; i < calls; i++) {
                        sink.call(shape, first + i);
                    }
                }
            });
        }

        /** Hands every run of one message to {@code sink}, in order: one step per run, not per call. */
        public void decodeRuns(byte[] bytes, int length, RunSink sink) throws IOException {
            VarInput in = new VarInput("collective stream", bytes, length);
            while (in.more()) {
                int token = in.varint();
                switch (token) {
                    case SHAPE -> {
                        CollectiveCall shape = readShape(in);
                        shapes.add(new Shape(shapes.size(), shape, cursor(cursors, shape.commId())));
                    }
                    case NEXT_SEQ -> shape(in.varint()).cursor.next = in.varlong();
                    case FORGET -> shapes.clear();
                    case RUN -> {
                        Shape shape = shape(in.varint());
                        int runLength = in.varint();
                        if (runLength <= 0) {
                            throw new IOException("collective stream has a run of " + runLength + " calls");
                        }
                        long first = shape.cursor.next;
                        shape.cursor.next += runLength;
                        sink.run(shape.call, first, runLength);
                    }
                    default -> {
                        Shape shape = shape(token - SINGLE);
                        sink.run(shape.call, shape.cursor.next++, 1);
                    }
                }
            }
        }

        private Shape shape(int id) throws IOException {
            if (id < 0 || id >= shapes.size()) {
                throw new IOException("collective stream names shape " + id + " of " + shapes.size());
            }
            return shapes.get(id);
        }

        private static CollectiveCall readShape(VarInput in) throws IOException {
            long commId = in.varlong();
            int kind = in.varint();
            CollectiveKind[] kinds = CollectiveKind.values();
            if (kind >= kinds.length) {
                throw new IOException("unknown collective kind " + kind);
            }
            boolean nonblocking = in.varint() != 0;
            int root = in.signed();
            int reduceOp = in.signed();
            int count = in.signed();
            int typeCode = in.signed();
            int typeSize = in.signed();
            int rank = in.signed();
            int line = in.signed();
            String op = in.string();
            String className = in.string();
            String method = in.string();
            String file = in.string();
            return new CollectiveCall(commId, 0, kinds[kind], nonblocking, root, reduceOp, count, typeCode, typeSize,
                    rank, op, className, method, file.isEmpty() ? null : file, line);
        }
    }

    /** The next number of one communicator's calls, shared by its shapes. */
    private static final class Cursor {
        long next = -1;
    }

    private record Shape(int id, CollectiveCall call, Cursor cursor) {
    }

    /** The cursor of a communicator's numbers, made on first use (no lambda: see RingStreamer's sinks). */
    private static Cursor cursor(Map<Long, Cursor> cursors, long commId) {
        Cursor cursor = cursors.get(commId);
        if (cursor == null) {
            cursor = new Cursor();
            cursors.put(commId, cursor);
        }
        return cursor;
    }

    /** Encodes a whole list as one message of a fresh direction (tests, one-off messages). */
    public static byte[] encode(List<CollectiveCall> calls) {
        Encoder encoder = new Encoder();
        Map<CollectiveCall, CollectiveCall> interned = new HashMap<>();
        for (CollectiveCall c : calls) {
            CollectiveCall shape = interned.computeIfAbsent(numbered(c, 0), s -> s);
            encoder.add(shape, c.seq());
        }
        return encoder.take();
    }

    /** Decodes one message of a fresh direction. */
    public static List<CollectiveCall> decode(byte[] data, int length) throws IOException {
        List<CollectiveCall> calls = new ArrayList<>();
        new Decoder().decode(data, length, (shape, seq) -> calls.add(numbered(shape, seq)));
        return calls;
    }

    /** {@code c} with number {@code seq}. */
    public static CollectiveCall numbered(CollectiveCall c, long seq) {
        return new CollectiveCall(c.commId(), seq, c.kind(), c.nonblocking(), c.root(), c.reduceOp(), c.count(),
                c.typeCode(), c.typeSize(), c.rank(), c.op(), c.className(), c.method(), c.file(), c.line());
    }
}
