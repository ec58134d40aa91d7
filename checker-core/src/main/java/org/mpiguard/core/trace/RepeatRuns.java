package org.mpiguard.core.trace;

import java.nio.ByteBuffer;

/**
 * The run records of trace format version 4: a loop whose every event is a repeat record
 * ({@link RepeatMemo}) writes the same round of repeat words again and again, one 8-byte
 * word an event. A run record, {@code count << 16 | (period - 1) << 8 | RUN}, stands for
 * {@code count} repeat words, each the word {@code period} words before it (a period of up
 * to {@value #MAX_PERIOD} words), so such a loop costs one word however long it runs: the
 * writer raises the count in place, one store an event, and a rank killed at any point
 * leaves a count that names exactly the events it recorded.
 *
 * <p>Writer and reader keep the same ring of the chunk's last repeat words, counting those
 * a run stands for and skipping full records; a new chunk empties it, so a run only ever
 * repeats repeat words of its own chunk, read before it. A full record ends the writer's run
 * (a run stands for the words right after it) but stays out of the ring: a loop whose round
 * holds one event that never repeats (a store of new values) costs that record and one run
 * record a round. A repeat word means the same wherever it stands (the memo decides what it
 * expands to), so a run may repeat words from before a full record.
 */
final class RepeatRuns {

    /** The run record's tag, beside the repeat record's 40. */
    static final int RUN = 41;
    /** The longest round of repeat words a run repeats. */
    static final int MAX_PERIOD = 32;
    private static final int RING = 2 * MAX_PERIOD;
    private static final long MAX_COUNT = (1L << 48) - 1;

    private final long[] ring = new long[RING];
    /** Words in the ring since it was last emptied (at most {@link #RING}), and where the newest is. */
    private int held;
    private int newest;
    /** The writer's open run: where its word is, its period and count; no run when {@code runAt < 0}. */
    private int runAt = -1;
    private int runPeriod;
    private long runCount;
    /** The period of the writer's last run, tried first for the next. */
    private int lastPeriod = 1;

    /** A new chunk: nothing before it is repeated by a run after it. */
    void reset() {
        held = 0;
        runAt = -1;
    }

    /** The writer wrote a full record: the next repeat word cannot join the run before it. */
    void endRun() {
        runAt = -1;
    }

    /**
     * Writes repeat word {@code word} at {@code p} or counts it in the open run, and
     * returns the bytes it took at {@code p} (0 or 8). A word that repeats the one a period
     * back starts a run (the same 8 bytes as the word); the run's next words cost nothing.
     */
    int write(long word, ByteBuffer b, int p) {
        if (runAt >= 0 && runCount < MAX_COUNT && word == back(runPeriod)) {
            runCount++;
            b.putLong(runAt, runWord(runCount, runPeriod)); // one store: the count names what is recorded
            push(word);
            return 0;
        }
        runAt = -1;
        int period = periodOf(word);
        push(word);
        if (period == 0) {
            b.putLong(p, word);
            return RepeatMemo.RECORD_BYTES;
        }
        runAt = p;
        runPeriod = period;
        runCount = 1;
        lastPeriod = period;
        b.putLong(p, runWord(1, period));
        return RepeatMemo.RECORD_BYTES;
    }

    /** The shortest period at which the ring holds {@code word} (the last run's first), or 0. */
    private int periodOf(long word) {
        if (held >= lastPeriod && back(lastPeriod) == word) {
            return lastPeriod;
        }
        for (int p = 1; p <= Math.min(held, MAX_PERIOD); p++) {
            if (back(p) == word) {
                return p;
            }
        }
        return 0;
    }

    /** The reader: a repeat word read (or stood for by a run) joins the ring. */
    void push(long word) {
        newest = newest + 1 & RING - 1;
        ring[newest] = word;
        if (held < RING) {
            held++;
        }
    }

    /** The reader: the repeat word a run's next word stands for, or 0 when the ring does not reach back that far. */
    long repeated(int period) {
        return period >= 1 && period <= held ? back(period) : 0;
    }

    private long back(int period) {
        return ring[newest - period + 1 & RING - 1];
    }

    static long runWord(long count, int period) {
        return count << 16 | (long) (period - 1) << 8 | RUN;
    }

    static long count(long runWord) {
        return runWord >>> 16;
    }

    static int period(long runWord) {
        return (int) (runWord >>> 8 & 0xff) + 1;
    }
}
