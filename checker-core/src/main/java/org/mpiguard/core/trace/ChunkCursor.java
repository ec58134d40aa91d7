package org.mpiguard.core.trace;

import java.nio.ByteBuffer;

/**
 * One thread's place in the trace file: the chunk it writes and how far. Only its owner
 * thread moves it ({@link TraceChunks#claim} gives it the next chunk under the file's lock).
 */
final class ChunkCursor {

    final Thread owner = Thread.currentThread();
    final long threadId = owner.getId();
    ByteBuffer buffer;
    int pos;
    int end;

    void take(ByteBuffer segment, int from, int to) {
        buffer = segment;
        pos = from;
        end = to;
    }
}
