package org.mpiguard.core.trace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * The in-memory store of trace format version 1: a fixed ring of slots that any thread
 * claims with one compare-and-set and fills without allocating; one consumer (a test, a
 * tool) drains it in claim order into a {@link TraceRecorder.Sink} (the {@link TraceEncoder}). A full ring never
 * blocks a thread and never grows: the event is counted as dropped and the trace says how many.
 *
 * <p>Each slot is {@link #STRIDE} longs: a publish word written last with release
 * semantics ({@code index << 8 | tag}, so a slot of an earlier lap is never mistaken for
 * the current one), the site, the thread, and the kind's fields. The claim index is the
 * event's sequence number. Definitions are queued and handed to the sink before any event
 * drained after them.
 */
final class TraceRing implements EventStore {

    static final int STRIDE = 16;
    private static final int HEADER_WORDS = 3;

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle DROPPED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(TraceRing.class, "head", long.class);
            TAIL = lookup.findVarHandle(TraceRing.class, "tail", long.class);
            DROPPED = lookup.findVarHandle(TraceRing.class, "dropped", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long[] slots;
    private final int capacity;
    private final int mask;
    // head is contended by producers, tail written by the consumer only: keep them apart
    @SuppressWarnings("unused") private long p1, p2, p3, p4, p5, p6, p7;
    @SuppressWarnings("unused") private volatile long head;
    @SuppressWarnings("unused") private long q1, q2, q3, q4, q5, q6, q7;
    @SuppressWarnings("unused") private volatile long tail;
    @SuppressWarnings("unused") private volatile long dropped;
    private long droppedReported;
    private final List<Object> pendingDefinitions = new ArrayList<>();
    private final ThreadLocal<long[]> scratch = new ThreadLocal<>() {
        @Override
        protected long[] initialValue() {
            return new long[EventKind.MAX_FIELDS];
        }
    };

    /** @param capacity slots in the ring, a power of two (each holds one event) */
    TraceRing(int capacity) {
        if (Integer.bitCount(capacity) != 1 || capacity < 2) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.slots = new long[capacity * STRIDE];
    }

    /** The ring is for tests and tools: a thread-local array is cheap enough there. */
    @Override
    public long[] fields() {
        return scratch.get();
    }

    @Override
    public void append(int tag, int site, long[] v) {
        long h;
        for (;;) {
            h = (long) HEAD.getVolatile(this);
            if (h - (long) TAIL.getAcquire(this) >= capacity) {
                DROPPED.getAndAdd(this, 1L);
                return;
            }
            if (HEAD.compareAndSet(this, h, h + 1)) {
                break;
            }
        }
        long[] s = slots;
        int b = (int) (h & mask) * STRIDE;
        s[b + 1] = site;
        s[b + 2] = Thread.currentThread().getId();
        int count = RecordLayout.fields(tag);
        for (int i = 0; i < EventKind.MAX_FIELDS; i++) {
            s[b + 3 + i] = i < count ? v[i] : 0; // the kind's fields; a slot's others stay 0 as before
        }
        SLOT.setRelease(s, b, h << 8 | tag);
    }

    @Override
    public void definition(Object signatureOrRankSet) {
        synchronized (pendingDefinitions) {
            pendingDefinitions.add(signatureOrRankSet);
        }
    }

    /** See {@link TraceRecorder#drain}. */
    int drain(TraceRecorder.Sink sink, long spinNanos) {
        long t = (long) TAIL.getOpaque(this);
        long h = (long) HEAD.getVolatile(this);
        List<Object> defs;
        synchronized (pendingDefinitions) {
            defs = pendingDefinitions.isEmpty() ? List.of() : new ArrayList<>(pendingDefinitions);
            pendingDefinitions.clear();
        }
        // definitions first: any event published before this point that uses one was recorded after it was queued
        for (Object d : defs) {
            sink.definition(d);
        }
        int n = 0;
        long deadline = 0;
        for (; t < h; t++) {
            int b = (int) (t & mask) * STRIDE;
            long word = (long) SLOT.getAcquire(slots, b);
            while ((word >>> 8) != t || (word & 0xff) == 0) {
                if (deadline == 0) {
                    deadline = System.nanoTime() + spinNanos;
                } else if (System.nanoTime() > deadline) {
                    TAIL.setRelease(this, t);
                    reportDrops(sink);
                    return n;
                }
                Thread.onSpinWait();
                word = (long) SLOT.getAcquire(slots, b);
            }
            EventKind kind = EventKind.ofTag((int) (word & 0xff));
            sink.event(kind, t, (int) slots[b + 1], slots[b + 2], slots, b + HEADER_WORDS);
            n++;
            if ((n & 255) == 0) {
                TAIL.setRelease(this, t + 1);
            }
        }
        TAIL.setRelease(this, t);
        reportDrops(sink);
        return n;
    }

    private void reportDrops(TraceRecorder.Sink sink) {
        long d = (long) DROPPED.getVolatile(this);
        if (d != droppedReported) {
            sink.dropped(d - droppedReported);
            droppedReported = d;
        }
    }

    @Override
    public long recorded() {
        return (long) HEAD.getVolatile(this);
    }

    @Override
    public long dropped() {
        return (long) DROPPED.getVolatile(this);
    }
}
