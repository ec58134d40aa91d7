package org.mpiguard.core.trace;

/**
 * One event read back from a trace. {@code fields} are in the order of
 * {@link EventKind#fieldName}; a field the file did not carry reads as 0.
 *
 * @param seq    this rank's event number, counting from 0 (gaps where events were dropped)
 * @param site   the call site's id, resolved by {@link TraceFile#site}
 * @param thread the recording thread's id
 */
public record TraceEvent(EventKind kind, long seq, int site, long thread, long[] fields) {

    public long field(int i) {
        return i < fields.length ? fields[i] : 0;
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
        StringBuilder out = new StringBuilder().append(kind).append('#').append(seq).append("@site").append(site);
        for (int i = 0; i < kind.fieldCount(); i++) {
            out.append(' ').append(kind.fieldName(i)).append('=').append(field(i));
        }
        return out.toString();
    }
}
