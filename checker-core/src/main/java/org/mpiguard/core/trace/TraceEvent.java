package org.mpiguard.core.trace;

/**
 * One event read back from a trace: its kind, {@code seq} (this rank's event number,
 * counting from 0, with gaps where events were dropped), {@code site} (the call site's id,
 * resolved by {@link TraceFile#site}), the recording {@code thread}'s id, and its fields in
 * the order of {@link EventKind#fieldName}; a field the file did not carry reads as 0.
 *
 * <p>Three kinds of object stand for an event: one that holds its fields ({@link #of}), one
 * that reads them from its trace's columns ({@link EventColumns}, what {@link TraceFile#events}
 * holds: 24 bytes an event looked at, instead of the 110 an event with its own array of
 * fields takes), and a buffer a streaming reader fills again for every event
 * ({@link EventBuffer}, {@link TraceStream#nextInto}).
 */
public abstract class TraceEvent {

    /** An event holding {@code fields} (not copied). */
    public static TraceEvent of(EventKind kind, long seq, int site, long thread, long[] fields) {
        return new Held(kind, seq, site, thread, fields);
    }

    public abstract EventKind kind();

    public abstract long seq();

    public abstract int site();

    public abstract long thread();

    /** How many fields the file carried for it (its kind's, or more from a newer writer). */
    public abstract int fieldCount();

    /** Field {@code i}, 0 past those the file carried. */
    public abstract long field(int i);

    /** Every field the file carried, in order (a copy, or the array the event was made with). */
    public long[] fields() {
        long[] all = new long[fieldCount()];
        for (int i = 0; i < all.length; i++) {
            all[i] = field(i);
        }
        return all;
    }

    /** The {@code op} field as an int (every kind but ACCESS and FINALIZE starts with it). */
    public int op() {
        return (int) field(0);
    }

    public int intField(int i) {
        return (int) field(i);
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder().append(kind()).append('#').append(seq()).append("@site").append(site());
        for (int i = 0; i < kind().fieldCount(); i++) {
            out.append(' ').append(kind().fieldName(i)).append('=').append(field(i));
        }
        return out.toString();
    }

    /** An event with its own fields. */
    private static final class Held extends StoredEvent {
        private final long[] fields;

        Held(EventKind kind, long seq, int site, long thread, long[] fields) {
            header(kind, seq, site, thread);
            this.fields = fields;
        }

        @Override
        public int fieldCount() {
            return fields.length;
        }

        @Override
        public long field(int i) {
            return i < fields.length ? fields[i] : 0;
        }

        @Override
        public long[] fields() {
            return fields;
        }
    }
}
