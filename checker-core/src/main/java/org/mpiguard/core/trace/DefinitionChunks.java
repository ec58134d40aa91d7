package org.mpiguard.core.trace;

import org.mpiguard.core.codec.VarOutput;

/**
 * The definition records of a version-3 trace (call sites, signatures, rank sets, as
 * version 1 encodes them), kept in chunks of the trace file stamped
 * {@link ChunkCursor#DEFINITIONS}: the payloads of those chunks, in file order, are one
 * stream of records (a record may continue in the next such chunk). Each chunk says how
 * many of its bytes are written, updated after they are, so a rank killed in the middle of
 * a definition leaves a stream that stops before it, and no event that uses it. Callers
 * hold a lock: definitions are rare.
 */
final class DefinitionChunks {

    /** The chunk's count of written bytes, after its stamp. */
    static final int USED = 8;

    private final TraceChunks chunks;
    private final ChunkCursor cursor = new ChunkCursor(ChunkCursor.DEFINITIONS);
    private final VarOutput buffer = new VarOutput(256);

    DefinitionChunks(TraceChunks chunks) {
        this.chunks = chunks;
    }

    /** Where the next definition is encoded; {@link #write} puts it in the file. */
    VarOutput buffer() {
        return buffer;
    }

    /** @return false when the trace cannot take it (past its cap): the definition is lost */
    boolean write() {
        byte[] bytes = buffer.buffer();
        int n = buffer.size();
        buffer.reset();
        for (int done = 0; done < n; ) {
            if (cursor.buffer == null || cursor.pos == cursor.end) {
                if (!chunks.claim(cursor)) {
                    return false;
                }
            }
            int part = Math.min(n - done, cursor.end - cursor.pos);
            cursor.buffer.put(cursor.pos, bytes, done, part);
            cursor.pos += part;
            done += part;
            int chunkStart = cursor.end - TraceFormat.CHUNK_BYTES;
            cursor.buffer.putInt(chunkStart + USED, cursor.pos - chunkStart - TraceFormat.CHUNK_HEADER);
        }
        return true;
    }
}
