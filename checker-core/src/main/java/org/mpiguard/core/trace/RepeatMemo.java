package org.mpiguard.core.trace;

/**
 * The repeat records of trace format version 3: a call site in a loop records the same
 * events again and again, in the same order, their fields changing, if at all, by the same
 * step each round (a collective's ring number, a request id). A site that posts to two
 * neighbours, or a {@code waitAll} that completes four requests, repeats with a period of
 * two or four of its events. Such an event is written as one 8-byte word,
 * {@code seqDelta << 42 | (period - 1) << 40 | eventTag << 32 | site << 8 | REPEAT}: "the
 * event {@code period} events back among this site's events of this kind in this chunk,
 * each field plus the step it took from the one {@code period} before that" (no step when
 * there is none that far back), its sequence number the chunk's previous record's plus
 * {@code seqDelta} (below 2^22).
 *
 * <p>The writer and the reader keep this same memo, one per chunk, and move it on by every
 * record in the same order ({@link #replay}; the writer through {@link #record}), so they
 * agree on every slot without the file saying more: 256 slots by site and kind (a collision forgets the slot's events),
 * each holding the last {@value #DEPTH} events' fields as stored (4-byte fields sign-extended).
 * The writer writes a period that predicts the event (trying 1 and the slot's last period
 * each time, every period now and then, so that events that repeat nothing cost little);
 * the reader needs no search, the word names the period. A chunk starts with an
 * empty memo ({@link #newChunk}), so a chunk reads alone and a rank killed mid-chunk leaves
 * nothing a record refers to unwritten.
 */
final class RepeatMemo {

    /** The repeat record's tag, beside the events' (16 to 27) and below {@link RecordLayout}'s 64. */
    static final int REPEAT = 40;
    static final int RECORD_BYTES = 8;
    /** The longest period a repeat may have: four events of one site and kind in a round. */
    static final int PERIODS = 4;
    private static final int DEPTH = 2 * PERIODS;
    private static final int SLOTS = 256;
    private static final int MAX_SITE = (1 << 24) - 1;
    private static final long MAX_DELTA = (1 << 22) - 1;
    /** How often (in a slot's events) the writer tries every period when none has matched of late. */
    private static final int SEARCH_EVERY = 8;
    private static final int F = EventKind.MAX_FIELDS;

    /**
     * Each slot's state in one stride of {@link #STATE} ints (a slot's look-up touches one cache
     * line, not one per array): its site, kind and chunk; the events it holds (up to
     * {@link #DEPTH}) and where its newest is in its ring; its row of {@link #history}
     * (1-based, 0 for none); and the writer's search, its own business (the word names the
     * period): the period of the slot's last repeat, and the slot's events since it tried
     * every period.
     */
    private static final int STATE = 8;
    private static final int SITE = 0;
    private static final int TAG = 1;
    private static final int CHUNK = 2;
    private static final int HELD = 3;
    private static final int NEWEST = 4;
    private static final int ROW = 5;
    private static final int LAST_PERIOD = 6;
    private static final int SINCE_SEARCH = 7;
    private final int[] state = new int[SLOTS * STATE];
    /**
     * Per slot in use, a ring of {@link #DEPTH} events' fields, {@link #F} each, at row
     * its state names (ROW, from 1). The writer's memo holds every row from the start (its path
     * allocates nothing); a reader's grows as slots are used (a streaming reader holds a
     * memo per rank and thread, and a chunk uses a few of the 256 slots: 196 KB each otherwise).
     */
    private long[] history;
    private int rows;

    /** The writer's memo: every slot's ring allocated now. */
    RepeatMemo() {
        history = new long[SLOTS * DEPTH * F];
    }

    private RepeatMemo(int slotsAtFirst) {
        history = new long[slotsAtFirst * DEPTH * F];
    }

    /** A reader's memo, whose rings are allocated as its slots are first used. */
    static RepeatMemo forReading() {
        return new RepeatMemo(4);
    }
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
     * The array a record's fields are written into before {@link #record}: the kind's fields
     * in order, as stored (a 4-byte field from an {@code int}); the writer's thread only.
     */
    long[] scratch() {
        return scratch;
    }

    /**
     * A record of {@code recordTag} at {@code recordSite} with sequence number {@code seq}
     * and {@code v} its fields as stored: remembers it, and says with which period it
     * repeats (1 to {@link #PERIODS}; 0: it does not, or its sequence delta or site does not
     * fit a repeat word), the writer's search; the memo then moves on by it as the reader's
     * does ({@link #replay}).
     */
    int record(int recordTag, int recordSite, long seq, long[] v) {
        long delta = seq - lastSeq;
        boolean fits = lastSeq >= 0 && delta > 0 && delta <= MAX_DELTA && recordSite >= 0 && recordSite <= MAX_SITE;
        int slot = slot(recordSite, recordTag);
        boolean held = holds(slot, recordSite, recordTag);
        int count = Math.min(RecordLayout.fields(recordTag), v.length);
        int period = fits && held ? search(slot, count, v) : 0;
        lastSeq = seq;
        if (!held) {
            take(slot, recordSite, recordTag);
        }
        push(slot, count, v);
        return period;
    }

    /**
     * What the reader does with every record, full or repeat, and {@link #record} with every
     * one it writes: the memo moves on by it (no period is looked for).
     */
    void replay(int recordTag, int recordSite, long seq, long[] v, int count) {
        lastSeq = seq;
        int slot = slot(recordSite, recordTag);
        if (!holds(slot, recordSite, recordTag)) {
            take(slot, recordSite, recordTag);
        }
        push(slot, Math.min(RecordLayout.fields(recordTag), count), v);
    }

    /** The slot now holds this site's events of this kind in this chunk, none yet. */
    private void take(int slot, int recordSite, int recordTag) {
        if (state[slot + ROW] == 0) {
            newRow(slot);
        }
        state[slot + SITE] = recordSite;
        state[slot + TAG] = recordTag;
        state[slot + CHUNK] = chunk;
        state[slot + HELD] = 0;
        state[slot + LAST_PERIOD] = 0;
        state[slot + SINCE_SEARCH] = 0;
    }

    /** Whether the slot holds events of this site and kind from this chunk. */
    private boolean holds(int slot, int recordSite, int recordTag) {
        return state[slot + CHUNK] == chunk && state[slot + SITE] == recordSite && state[slot + TAG] == recordTag;
    }

    /**
     * A period that predicts {@code v} (the slot's last if it does, else the shortest), or 0.
     * An event that repeats nothing pays a comparison or two: the slot's last period and
     * period 1 are tried every time, the others on every {@link #SEARCH_EVERY}th event of the
     * slot (and after a repeat of period 1).
     */
    private int search(int slot, int count, long[] v) {
        int last = state[slot + LAST_PERIOD];
        if (last > 1 && state[slot + HELD] >= last && predicts(slot, last, count, v)) {
            return last; // first: a loop of period two or more would fail period 1 at every event
        }
        if (predicts(slot, 1, count, v)) {
            state[slot + LAST_PERIOD] = 1;
            return 1;
        }
        if (++state[slot + SINCE_SEARCH] < SEARCH_EVERY && last != 1) {
            return 0;
        }
        state[slot + SINCE_SEARCH] = 0;
        for (int p = 2; p <= Math.min(PERIODS, state[slot + HELD]); p++) {
            if (p != last && predicts(slot, p, count, v)) {
                state[slot + LAST_PERIOD] = p;
                return p;
            }
        }
        state[slot + LAST_PERIOD] = 0;
        return 0;
    }

    /** Whether the slot's event {@code p} back, plus its step from the one {@code p} before it, is {@code v}. */
    private boolean predicts(int slot, int p, int count, long[] v) {
        long[] h = history;
        int back = at(slot, p);
        if (state[slot + HELD] < 2 * p) {
            for (int i = 0; i < count; i++) {
                if (v[i] != h[back + i]) {
                    return false;
                }
            }
            return true;
        }
        int before = at(slot, 2 * p);
        for (int i = 0; i < count; i++) {
            if (v[i] != 2 * h[back + i] - h[before + i]) {
                return false;
            }
        }
        return true;
    }

    /** The offset in {@link #history} of the slot's event {@code back} events before the next. */
    private int at(int slot, int back) {
        // DEPTH is a power of two
        return ((state[slot + ROW] - 1) * DEPTH + (state[slot + NEWEST] - back + 1 & DEPTH - 1)) * F;
    }

    /** Gives the slot its ring: the next row, the history grown if it holds no more (a reader's only). */
    private void newRow(int slot) {
        if ((rows + 1) * DEPTH * F > history.length) {
            history = java.util.Arrays.copyOf(history, Math.min(SLOTS, 2 * rows) * DEPTH * F);
        }
        state[slot + ROW] = ++rows;
    }

    private void push(int slot, int count, long[] v) {
        int n = state[slot + NEWEST] + 1 & DEPTH - 1;
        state[slot + NEWEST] = n;
        if (state[slot + HELD] < DEPTH) {
            state[slot + HELD]++;
        }
        int to = ((state[slot + ROW] - 1) * DEPTH + n) * F;
        for (int i = 0; i < count; i++) {
            history[to + i] = v[i];
        }
    }

    /** Where the slot of this site and kind starts in {@link #state}. */
    private static int slot(int recordSite, int recordTag) {
        return ((recordSite * 8 + recordTag) & (SLOTS - 1)) * STATE;
    }

    /** The word of a repeat record of {@code recordTag} at {@code recordSite}, with its period and sequence delta. */
    static long word(int recordSite, int recordTag, int period, long seqDelta) {
        return seqDelta << 42 | (long) (period - 1) << 40 | (long) recordTag << 32 | (long) recordSite << 8 | REPEAT;
    }

    /**
     * A repeat record read back: its event, built from the slot of its site and kind into
     * {@code into} (the memo then moves on as it did in the writer); false when the memo
     * holds no such event (a corrupt chunk).
     */
    boolean expand(long word, long thread, EventBuffer into) {
        int recordSite = (int) (word >>> 8) & MAX_SITE;
        int recordTag = (int) (word >>> 32) & 0xff;
        int period = (int) (word >>> 40 & 3) + 1;
        int slot = slot(recordSite, recordTag);
        EventKind kind = EventKind.ofTag(recordTag);
        if (kind == null || !holds(slot, recordSite, recordTag) || state[slot + HELD] < period || lastSeq < 0) {
            return false;
        }
        long[] fields = into.fieldArray();
        int count = kind.fieldCount();
        int back = at(slot, period);
        int before = state[slot + HELD] >= 2 * period ? at(slot, 2 * period) : -1;
        for (int i = 0; i < count; i++) {
            long last = history[back + i];
            fields[i] = before < 0 ? last : 2 * last - history[before + i];
        }
        long seq = lastSeq + (word >>> 42);
        replay(recordTag, recordSite, seq, fields, count);
        into.set(kind, seq, recordSite, thread, count);
        return true;
    }
}
