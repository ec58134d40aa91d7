package org.mpiguard.core.trace;

/**
 * The repeat records of trace format version 3: a call site in a loop records the same
 * event again and again, its fields changing, if at all, by the same step each time (a
 * collective's ring number, a request id). Such an event is written as one 8-byte word,
 * {@code seqDelta << 40 | eventTag << 32 | site << 8 | REPEAT}: "the site's last event of
 * this kind in this chunk, each field plus the step it took last", its sequence number the
 * chunk's previous record's plus {@code seqDelta} (below 2^24).
 *
 * <p>The writer and the reader keep this same memo, one per chunk, and call
 * {@link #record} for every full record in the same order, so they agree on every slot
 * without the file saying more: 256 slots by site and kind (a collision forgets the slot's
 * event), each holding its last fields (as stored: 4-byte fields sign-extended) and the step
 * from the ones before. A chunk starts with an empty memo ({@link #newChunk}), so a chunk
 * reads alone and a rank killed mid-chunk leaves nothing a record refers to unwritten.
 */
final class RepeatMemo {

    /** The repeat record's tag, beside the events' (16 to 27) and below {@link RecordLayout}'s 64. */
    static final int REPEAT = 40;
    static final int RECORD_BYTES = 8;
    private static final int SLOTS = 256;
    private static final int MAX_SITE = (1 << 24) - 1;
    private static final long MAX_DELTA = (1 << 24) - 1;
    private static final int F = EventKind.MAX_FIELDS;

    private final int[] site = new int[SLOTS];
    private final int[] tag = new int[SLOTS];
    private final int[] chunkOf = new int[SLOTS];
    private final long[] last = new long[SLOTS * F];
    private final long[] step = new long[SLOTS * F];
    private int chunk = 1;
    private long lastSeq = -1;

    /** The sequence number of the chunk's last record, -1 before its first. */
    long lastSeq() {
        return lastSeq;
    }

    /** A new chunk: no slot, no previous record. */
    void newChunk() {
        chunk++;
        lastSeq = -1;
    }

    /**
     * A record of {@code tag} at {@code site} with sequence number {@code seq}: remembers
     * it, and says whether it repeats (same tag and site as the slot's, every field its last
     * plus its step, a sequence delta that fits). The memo changes alike either way, so a
     * reader calls this for each full record and gets the writer's memo.
     */
    boolean record(int recordTag, int recordSite, long seq, long f0, long f1, long f2, long f3, long f4, long f5,
                   long f6, long f7, long f8, long f9, long f10, long f11) {
        long delta = seq - lastSeq;
        boolean seqFits = lastSeq >= 0 && delta > 0 && delta <= MAX_DELTA;
        lastSeq = seq;
        int slot = slot(recordSite, recordTag);
        boolean known = chunkOf[slot] == chunk && site[slot] == recordSite && tag[slot] == recordTag;
        if (!known) {
            site[slot] = recordSite;
            tag[slot] = recordTag;
            chunkOf[slot] = chunk;
        }
        long wide = RecordLayout.wideMask(recordTag);
        int count = RecordLayout.fields(recordTag);
        int at = slot * F;
        if (known && seqFits && recordSite >= 0 && recordSite <= MAX_SITE
                && next(at, 0, count, wide, f0) && next(at, 1, count, wide, f1) && next(at, 2, count, wide, f2)
                && next(at, 3, count, wide, f3) && next(at, 4, count, wide, f4) && next(at, 5, count, wide, f5)
                && next(at, 6, count, wide, f6) && next(at, 7, count, wide, f7) && next(at, 8, count, wide, f8)
                && next(at, 9, count, wide, f9) && next(at, 10, count, wide, f10) && next(at, 11, count, wide, f11)) {
            // a repeat: each field is its last plus its step, which stays; loads only, but for a field that steps
            for (int k = at; k < at + count; k++) {
                long s = step[k];
                if (s != 0) {
                    last[k] += s;
                }
            }
            return true;
        }
        set(at, 0, count, wide, f0, known);
        set(at, 1, count, wide, f1, known);
        set(at, 2, count, wide, f2, known);
        set(at, 3, count, wide, f3, known);
        set(at, 4, count, wide, f4, known);
        set(at, 5, count, wide, f5, known);
        set(at, 6, count, wide, f6, known);
        set(at, 7, count, wide, f7, known);
        set(at, 8, count, wide, f8, known);
        set(at, 9, count, wide, f9, known);
        set(at, 10, count, wide, f10, known);
        set(at, 11, count, wide, f11, known);
        return false;
    }

    /** As {@link #record}, the fields given (as stored) in {@code fields}. */
    boolean record(int recordTag, int recordSite, long seq, long[] fields) {
        return record(recordTag, recordSite, seq, at(fields, 0), at(fields, 1), at(fields, 2), at(fields, 3),
                at(fields, 4), at(fields, 5), at(fields, 6), at(fields, 7), at(fields, 8), at(fields, 9),
                at(fields, 10), at(fields, 11));
    }

    private static long at(long[] fields, int i) {
        return i < fields.length ? fields[i] : 0;
    }

    /** A field as stored: a 4-byte field sign-extended. */
    private static long stored(int i, long wide, long value) {
        return (wide >>> i & 1) != 0 ? value : (int) value;
    }

    /** Whether field {@code i} (if the kind has it) is the slot's last plus its step. */
    private boolean next(int at, int i, int count, long wide, long value) {
        return i >= count || stored(i, wide, value) == last[at + i] + step[at + i];
    }

    /** Field {@code i} of a record that is no repeat: its step from the slot's last (0 when the slot was another's). */
    private void set(int at, int i, int count, long wide, long value, boolean known) {
        if (i < count) {
            long v = stored(i, wide, value);
            int k = at + i;
            step[k] = known ? v - last[k] : 0;
            last[k] = v;
        }
    }

    private static int slot(int recordSite, int recordTag) {
        return (recordSite * 8 + recordTag) & (SLOTS - 1);
    }

    /** The word of a repeat record of {@code recordTag} at {@code recordSite}, {@code seqDelta} past the last record. */
    static long word(int recordSite, int recordTag, long seqDelta) {
        return seqDelta << 40 | (long) recordTag << 32 | (long) recordSite << 8 | REPEAT;
    }

    /**
     * A repeat record read back: its event, built from the slot of its site (the memo then
     * moves on as it did in the writer); null when the memo holds no such site (a corrupt chunk).
     */
    TraceEvent expand(long word, long thread) {
        int recordSite = (int) (word >>> 8) & MAX_SITE;
        int recordTag = (int) (word >>> 32) & 0xff;
        int slot = slot(recordSite, recordTag);
        if (chunkOf[slot] != chunk || site[slot] != recordSite || tag[slot] != recordTag || lastSeq < 0) {
            return null;
        }
        EventKind kind = EventKind.ofTag(tag[slot]);
        long[] fields = new long[kind.fieldCount()];
        int at = slot * F;
        for (int i = 0; i < fields.length; i++) {
            fields[i] = last[at + i] + step[at + i];
        }
        long seq = lastSeq + (word >>> 40);
        record(tag[slot], recordSite, seq, fields);
        return new TraceEvent(kind, seq, recordSite, thread, fields);
    }
}
