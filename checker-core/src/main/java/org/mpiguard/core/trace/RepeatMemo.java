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
 * event), each holding the fields a repeat would have (its last fields, as stored: 4-byte
 * fields sign-extended, plus their steps) and the steps from the fields before. A chunk starts with an empty memo ({@link #newChunk}), so a chunk
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
    /** Per slot and field: the value a repeat would have (the last plus the step), and the step. */
    private final long[] next = new long[SLOTS * F];
    private final long[] step = new long[SLOTS * F];
    /** The fields of the record being written, as stored (the writer's thread only). */
    private final long[] scratch = new long[F];
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
     * The fields of a record of {@code recordTag} as stored (a 4-byte field sign-extended),
     * in this memo's scratch array (valid until the next call; nothing allocated).
     */
    long[] fields(int recordTag, long f0, long f1, long f2, long f3, long f4, long f5, long f6, long f7, long f8,
                  long f9, long f10, long f11) {
        long[] v = scratch;
        v[0] = f0;
        v[1] = f1;
        v[2] = f2;
        v[3] = f3;
        v[4] = f4;
        v[5] = f5;
        v[6] = f6;
        v[7] = f7;
        v[8] = f8;
        v[9] = f9;
        v[10] = f10;
        v[11] = f11;
        long wide = RecordLayout.wideMask(recordTag);
        for (int i = 0; i < F; i++) {
            if ((wide >>> i & 1) == 0) {
                v[i] = (int) v[i];
            }
        }
        return v;
    }

    /**
     * A record of {@code recordTag} at {@code recordSite} with sequence number {@code seq}
     * and {@code v} its fields as stored: remembers it, and says whether it repeats (same tag
     * and site as the slot's, every field its last plus its step, a sequence delta that
     * fits). The memo changes alike either way, so a reader calls this for each full record
     * and gets the writer's memo.
     */
    boolean record(int recordTag, int recordSite, long seq, long[] v) {
        long delta = seq - lastSeq;
        boolean seqFits = lastSeq >= 0 && delta > 0 && delta <= MAX_DELTA;
        lastSeq = seq;
        int slot = slot(recordSite, recordTag);
        boolean known = chunkOf[slot] == chunk && site[slot] == recordSite && tag[slot] == recordTag;
        int count = Math.min(RecordLayout.fields(recordTag), v.length);
        int at = slot * F;
        if (known) {
            boolean same = seqFits && recordSite >= 0 && recordSite <= MAX_SITE;
            for (int i = 0; i < count && same; i++) {
                same = v[i] == next[at + i];
            }
            if (same) {
                // a repeat: the steps stay, and only a field that steps moves its prediction
                for (int k = at; k < at + count; k++) {
                    long s = step[k];
                    if (s != 0) {
                        next[k] += s;
                    }
                }
                return true;
            }
        } else {
            site[slot] = recordSite;
            tag[slot] = recordTag;
            chunkOf[slot] = chunk;
        }
        for (int i = 0; i < count; i++) {
            int k = at + i;
            long s = known ? v[i] - (next[k] - step[k]) : 0; // next - step: the slot's last value
            step[k] = s;
            next[k] = v[i] + s;
        }
        return false;
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
        EventKind kind = EventKind.ofTag(recordTag);
        long[] fields = new long[kind.fieldCount()];
        System.arraycopy(next, slot * F, fields, 0, fields.length);
        long seq = lastSeq + (word >>> 40);
        record(recordTag, recordSite, seq, fields);
        return new TraceEvent(kind, seq, recordSite, thread, fields);
    }
}
