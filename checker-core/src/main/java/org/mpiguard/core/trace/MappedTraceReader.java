package org.mpiguard.core.trace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.mpiguard.core.codec.VarInput;

/**
 * Reads a trace of format version 3 (or 2, the same without repeat records): the header
 * chunk, every claimed chunk's records (each chunk one thread's, in its order; a repeat
 * record expanded from the chunk's {@link RepeatMemo}), merged by sequence number into the rank's order, and
 * the definitions, the stream the chunks stamped {@link ChunkCursor#DEFINITIONS} hold. A chunk ends at its first zero word (a rank killed
 * while writing leaves the record it was in the middle of unwritten); a trace whose header
 * lacks the complete flag is incomplete, as a version-1 file without its END record.
 */
final class MappedTraceReader {

    /** The threads' chunks merged by sequence number; a class, not a method reference: rank 0 reads traces cold. */
    private static final Comparator<TraceEvent> BY_SEQ = new Comparator<>() {
        @Override
        public int compare(TraceEvent a, TraceEvent b) {
            return Long.compare(a.seq(), b.seq());
        }
    };

    private MappedTraceReader() {
    }

    static TraceFile read(Path path, byte[] bytes, int length) throws TraceFormatException {
        ByteBuffer b = ByteBuffer.wrap(bytes, 0, length).order(ByteOrder.LITTLE_ENDIAN);
        if (length < TraceFormat.H_DROPPED + 8) {
            throw new TraceFormatException(path, length, "truncated header");
        }
        int rank = b.getInt(TraceFormat.H_RANK);
        int worldSize = b.getInt(TraceFormat.H_WORLD);
        if (rank < 0 || rank >= worldSize) {
            throw new TraceFormatException(path, TraceFormat.H_RANK, "rank " + rank + " is not below the world size "
                    + worldSize);
        }
        int chunkBytes = b.getInt(TraceFormat.H_CHUNK_BYTES);
        if (chunkBytes < 256 || chunkBytes > 1 << 26) {
            throw new TraceFormatException(path, TraceFormat.H_CHUNK_BYTES, "chunk size " + chunkBytes);
        }
        int flags = b.getInt(TraceFormat.H_FLAGS);
        long claimed = b.getLong(TraceFormat.H_CHUNKS);
        boolean complete = (flags & TraceFormat.FLAG_COMPLETE) != 0;
        long dropped = b.getLong(TraceFormat.H_DROPPED);
        List<TraceEvent> events = new ArrayList<>();
        ByteArrayOutputStream definitions = new ByteArrayOutputStream();
        long truncatedAt = -1;
        for (long k = 0; k < claimed; k++) {
            long base = (k + 1) * chunkBytes;
            if (base + chunkBytes > length) {
                truncatedAt = base; // the file is shorter than its header says: read up to there
                break;
            }
            if (b.getLong((int) base) == ChunkCursor.DEFINITIONS) {
                int used = b.getInt((int) base + DefinitionChunks.USED);
                if (used < 0 || used > chunkBytes - TraceFormat.CHUNK_HEADER) {
                    throw new TraceFormatException(path, base, "a definitions chunk says it holds " + used + " bytes");
                }
                definitions.write(bytes, (int) base + TraceFormat.CHUNK_HEADER, used);
            } else {
                chunk(path, b, (int) base, chunkBytes, events);
            }
        }
        events.sort(BY_SEQ);
        Definitions defs = definitions(path, definitions.toByteArray());
        return new TraceFile(TraceFormat.VERSION, rank, worldSize, b.getLong(TraceFormat.H_START), EventColumns.of(events),
                defs.sites, defs.signatures, defs.rankSets, dropped, complete, truncatedAt);
    }

    private static void chunk(Path path, ByteBuffer b, int base, int chunkBytes, List<TraceEvent> events)
            throws TraceFormatException {
        long thread = b.getLong(base);
        int end = base + chunkBytes;
        int p = base + TraceFormat.CHUNK_HEADER;
        RepeatMemo memo = new RepeatMemo();
        RepeatRuns runs = new RepeatRuns();
        while (p + RepeatMemo.RECORD_BYTES <= end) {
            long word = b.getLong(p);
            if (word == 0) {
                return;
            }
            int tag = (int) (word & 0xff);
            if (tag == RepeatMemo.REPEAT) {
                events.add(repeated(path, p, memo, word, thread));
                runs.push(word);
                p += RepeatMemo.RECORD_BYTES;
                continue;
            }
            if (tag == RepeatRuns.RUN) {
                run(path, p, memo, runs, word, thread, events);
                p += RepeatMemo.RECORD_BYTES;
                continue;
            }
            EventKind kind = EventKind.ofTag(tag);
            int size = RecordLayout.size(tag);
            if (kind == null || size == 0 || p + size > end) {
                throw new TraceFormatException(path, p, kind == null ? "unknown record tag " + tag
                        : "a record runs past its chunk");
            }
            long wide = RecordLayout.wideMask(tag);
            long[] fields = new long[kind.fieldCount()];
            int q = p + RecordLayout.HEADER;
            for (int i = 0; i < fields.length; i++) {
                if ((wide >>> i & 1) != 0) {
                    fields[i] = b.getLong(q);
                    q += 8;
                } else {
                    fields[i] = b.getInt(q);
                    q += 4;
                }
            }
            int site = b.getInt(p + 8);
            memo.replay(tag, site, word >>> 8, fields);
            events.add(TraceEvent.of(kind, word >>> 8, site, thread, fields));
            p += size;
        }
    }

    private static TraceEvent repeated(Path path, int at, RepeatMemo memo, long word, long thread)
            throws TraceFormatException {
        TraceEvent e = memo.expand(word, thread);
        if (e == null) {
            throw new TraceFormatException(path, at, "a repeat record of a site its chunk has not recorded");
        }
        return e;
    }

    /** A run record: its count of repeat words, each the one its period before. */
    private static void run(Path path, int at, RepeatMemo memo, RepeatRuns runs, long word, long thread,
                            List<TraceEvent> events) throws TraceFormatException {
        long count = RepeatRuns.count(word);
        int period = RepeatRuns.period(word);
        if (count > Integer.MAX_VALUE - 8 - events.size()) {
            throw new TraceFormatException(path, at, "a run of " + count + " events, more than a trace can hold");
        }
        for (long k = 0; k < count; k++) {
            long repeat = runs.repeated(period);
            if ((repeat & 0xff) != RepeatMemo.REPEAT) {
                throw new TraceFormatException(path, at, "a run of period " + period + " after fewer repeat records");
            }
            events.add(repeated(path, at, memo, repeat, thread));
            runs.push(repeat);
        }
    }

    /** The stream of definition records; one cut short (the rank killed while writing it) is read up to the cut. */
    private static Definitions definitions(Path path, byte[] bytes) throws TraceFormatException {
        Definitions defs = new Definitions();
        VarInput in = new VarInput(path.toString(), bytes, bytes.length);
        while (in.more()) {
            int at = in.position();
            try {
                int tag = in.readByte();
                if (!defs.read(tag, in, path, at)) {
                    throw new TraceFormatException(path, at, "unknown definition tag " + tag
                            + " (an offset into the definitions' stream)");
                }
            } catch (IOException e) {
                if (e.getMessage() != null && e.getMessage().endsWith("truncated")) {
                    break; // no event uses it yet
                }
                throw new TraceFormatException(path, at, "corrupt definition (" + e.getMessage() + ")");
            }
        }
        return defs;
    }
}
