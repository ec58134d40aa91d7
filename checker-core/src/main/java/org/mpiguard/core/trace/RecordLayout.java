package org.mpiguard.core.trace;

/**
 * The fixed-size records of trace format versions 2 and 3 (docs/trace-format.md): per kind, which
 * fields take 8 bytes (identities, requests, offsets, hashes) and which 4 (everything the
 * recorder's API takes as an {@code int}), so a record is a few plain stores and its size
 * is known from its tag alone. Little-endian; a record is
 * {@code long seq << 8 | tag}, {@code int site}, then the fields.
 */
final class RecordLayout {

    /** Bytes before the fields: the sequence-and-tag word and the site. */
    static final int HEADER = 12;

    private static final long[] WIDE = new long[64];
    private static final int[] SIZE = new int[64];
    private static final int[] FIELDS = new int[64];

    static {
        wide(EventKind.SEND, "comm", "request");
        wide(EventKind.RECV, "comm", "request");
        wide(EventKind.COMPLETE, "request");
        wide(EventKind.PROBE, "comm");
        wide(EventKind.COLLECTIVE, "comm", "ring", "request");
        wide(EventKind.RMA, "win", "disp", "request", "valueHash");
        wide(EventKind.RMA_SYNC, "win");
        wide(EventKind.ACCESS, "win", "offset", "bytes", "valueHash");
        wide(EventKind.REQUEST, "request");
        wide(EventKind.HANDLE, "handle", "identity", "size");
        wide(EventKind.FINALIZE);
        wide(EventKind.STATUS_READ);
    }

    private RecordLayout() {
    }

    private static void wide(EventKind kind, String... names) {
        long mask = 0;
        for (String name : names) {
            int i = 0;
            while (!kind.fieldName(i).equals(name)) {
                i++;
            }
            mask |= 1L << i;
        }
        WIDE[kind.tag()] = mask;
        FIELDS[kind.tag()] = kind.fieldCount();
        SIZE[kind.tag()] = HEADER + 4 * kind.fieldCount() + 4 * Long.bitCount(mask);
    }

    /** Bit i set: field i of the kind is 8 bytes, else 4. */
    static long wideMask(int tag) {
        return WIDE[tag];
    }

    /** The kind's field count. */
    static int fields(int tag) {
        return FIELDS[tag];
    }

    /** The record's size in bytes, or 0 for a tag that is not an event's. */
    static int size(int tag) {
        return tag >= 0 && tag < SIZE.length ? SIZE[tag] : 0;
    }

    /** The largest record: a thread's chunk always has room for one more after this much. */
    static int largest() {
        int max = 0;
        for (int s : SIZE) {
            max = Math.max(max, s);
        }
        return max;
    }
}
