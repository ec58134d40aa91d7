package org.mpiguard.core.trace;

import java.nio.ByteBuffer;

/**
 * A place in the trace file: the chunk being written and how far. A thread's cursor is
 * moved by its owner only; the definitions' cursor under {@link MappedEvents}'s lock.
 * {@link TraceChunks#claim} gives it its next chunk, stamped with {@link #threadId}.
 */
final class ChunkCursor {

    /** The stamp of a chunk of definitions (thread ids are positive). */
    static final long DEFINITIONS = -1;

    final Thread owner;
    final long threadId;
    /** What the thread's records in this chunk were, for its repeat records (none for definitions). */
    final RepeatMemo memo;
    /** The runs of its repeat records in this chunk (none for definitions). */
    final RepeatRuns runs;
    ByteBuffer buffer;
    int pos;
    int end;

    /** The calling thread's cursor. */
    ChunkCursor() {
        owner = Thread.currentThread();
        threadId = owner.getId();
        memo = new RepeatMemo();
        runs = new RepeatRuns();
    }

    /** The definitions' cursor. */
    ChunkCursor(long stamp) {
        owner = null;
        threadId = stamp;
        memo = null;
        runs = null;
    }

    void take(ByteBuffer segment, int from, int to) {
        buffer = segment;
        pos = from;
        end = to;
        if (memo != null) {
            memo.newChunk();
            runs.reset();
        }
    }
}
