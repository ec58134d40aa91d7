package org.mpiguard.core.trace;

import java.nio.file.Path;

/**
 * One thread's events in a mapped trace, decoded one at a time from its chunks in the
 * order it claimed them: full records, repeat records expanded from the chunk's
 * {@link RepeatMemo}, runs of them counted down. A chunk ends at its first zero word (a
 * rank killed while writing leaves the record it was in the middle of unwritten).
 */
final class ThreadRecords {

    final long thread;
    private final Path path;
    private final ByteWindow window;
    private final int chunkBytes;
    private long[] chunks = new long[4];
    private int chunkCount;
    private int nextChunk;
    /** Where the next record is, and where the chunk ends; {@code p >= end} between chunks. */
    private long p;
    private long end;
    private final RepeatMemo memo = RepeatMemo.forReading();
    private final RepeatRuns runs = new RepeatRuns();
    private long runLeft;
    private int runPeriod;
    private long runAt;
    /** Where the next event is decoded, again for every event. */
    private final EventBuffer buffer = new EventBuffer();
    /** The next event ({@link #buffer}), read ahead for the merge by sequence number; null at the end. */
    EventBuffer head;
    /** The claim number of the chunk {@link #head} came from: equal sequence numbers keep the file's order. */
    long headChunk;

    ThreadRecords(long thread, Path path, ByteWindow window, int chunkBytes) {
        this.thread = thread;
        this.path = path;
        this.window = window;
        this.chunkBytes = chunkBytes;
    }

    /** Chunk {@code claim} (its offset is {@code (claim + 1) * chunkBytes}) is this thread's next. */
    void addChunk(long claim) {
        if (chunkCount == chunks.length) {
            chunks = java.util.Arrays.copyOf(chunks, 2 * chunkCount);
        }
        chunks[chunkCount++] = claim;
    }

    /**
     * Moves {@link #head} to the next event; {@code emitted} is how many events the rank gave
     * so far (a run that would take it past an int's count is a format error).
     */
    void advance(long emitted) throws TraceFormatException {
        head = next(emitted);
    }

    private EventBuffer next(long emitted) throws TraceFormatException {
        for (;;) {
            if (runLeft > 0) {
                runLeft--;
                long repeat = runs.repeated(runPeriod);
                if ((repeat & 0xff) != RepeatMemo.REPEAT) {
                    throw new TraceFormatException(path, runAt, "a run of period " + runPeriod
                            + " after fewer repeat records");
                }
                expand(runAt, repeat);
                runs.push(repeat);
                return buffer;
            }
            if (p + RepeatMemo.RECORD_BYTES > end) {
                if (nextChunk == chunkCount) {
                    return null;
                }
                headChunk = chunks[nextChunk++];
                long base = (headChunk + 1) * chunkBytes;
                p = base + TraceFormat.CHUNK_HEADER;
                end = base + chunkBytes;
                memo.newChunk();
                runs.reset();
                continue;
            }
            long word = window.getLong(p);
            if (word == 0) {
                p = end;
                continue;
            }
            int tag = (int) (word & 0xff);
            if (tag == RepeatMemo.REPEAT) {
                expand(p, word);
                runs.push(word);
                p += RepeatMemo.RECORD_BYTES;
                return buffer;
            }
            if (tag == RepeatRuns.RUN) {
                long count = RepeatRuns.count(word);
                if (count > Integer.MAX_VALUE - 8 - emitted) {
                    throw new TraceFormatException(path, p, "a run of " + count + " events, more than a trace can hold");
                }
                runLeft = count;
                runPeriod = RepeatRuns.period(word);
                runAt = p;
                p += RepeatMemo.RECORD_BYTES;
                continue;
            }
            return record(word, tag);
        }
    }

    private EventBuffer record(long word, int tag) throws TraceFormatException {
        EventKind kind = EventKind.ofTag(tag);
        int size = RecordLayout.size(tag);
        if (kind == null || size == 0 || p + size > end) {
            throw new TraceFormatException(path, p, kind == null ? "unknown record tag " + tag
                    : "a record runs past its chunk");
        }
        long wide = RecordLayout.wideMask(tag);
        long[] fields = buffer.fieldArray();
        int count = kind.fieldCount();
        long q = p + RecordLayout.HEADER;
        for (int i = 0; i < count; i++) {
            if ((wide >>> i & 1) != 0) {
                fields[i] = window.getLong(q);
                q += 8;
            } else {
                fields[i] = window.getInt(q);
                q += 4;
            }
        }
        int site = window.getInt(p + 8);
        memo.replay(tag, site, word >>> 8, fields, count);
        p += size;
        buffer.set(kind, word >>> 8, site, thread, count);
        return buffer;
    }

    private void expand(long at, long word) throws TraceFormatException {
        if (!memo.expand(word, thread, buffer)) {
            throw new TraceFormatException(path, at, "a repeat record of a site its chunk has not recorded");
        }
    }
}
