package org.mpiguard.core.trace;

/**
 * An event whose place is filled again and again: a reader that keeps a fixed number of
 * events in flight (the streaming analysis's read-ahead slots) gives each slot one buffer
 * and has {@link TraceStream#nextInto} write the next event into it, so reading a trace
 * allocates nothing per event. Whoever holds a buffer must copy what it keeps of an event
 * ({@link #fields()} is a copy) before the buffer is filled again.
 */
public final class EventBuffer extends StoredEvent {

    private final long[] fields = new long[EventKind.MAX_FIELDS];
    private int count;

    /** The array a reader decodes this event's {@code count} fields into, before {@link #set}. */
    long[] fieldArray() {
        return fields;
    }

    /** This buffer now holds an event whose fields are already in {@link #fieldArray()}. */
    void set(EventKind kind, long seq, int site, long thread, int count) {
        header(kind, seq, site, thread);
        this.count = count;
    }

    /** This buffer now holds a copy of {@code e}. */
    public void copy(TraceEvent e) {
        int n = Math.min(e.fieldCount(), fields.length);
        if (e instanceof EventBuffer b) {
            System.arraycopy(b.fields, 0, fields, 0, n);
        } else {
            for (int i = 0; i < n; i++) {
                fields[i] = e.field(i);
            }
        }
        set(e.kind(), e.seq(), e.site(), e.thread(), n);
    }

    @Override
    public int fieldCount() {
        return count;
    }

    @Override
    public long field(int i) {
        return i < count ? fields[i] : 0;
    }
}
