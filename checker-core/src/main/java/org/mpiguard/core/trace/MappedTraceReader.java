package org.mpiguard.core.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.codec.VarInput;

/**
 * Reads a trace of format version 2 to 4 whole: the events {@link TraceStream} gives one at a
 * time (every thread's chunks merged by sequence number), held in columns, and the
 * definitions, the stream the chunks stamped {@link ChunkCursor#DEFINITIONS} hold. A trace
 * whose header lacks the complete flag is incomplete, as a version-1 file without its END record.
 */
final class MappedTraceReader {

    private MappedTraceReader() {
    }

    static TraceFile read(Path path, byte[] bytes, int length) throws TraceFormatException {
        try (TraceStream stream = TraceStream.of(path, bytes, length)) {
            List<TraceEvent> events = new ArrayList<>();
            for (TraceEvent e = stream.next(); e != null; e = stream.next()) {
                events.add(e);
            }
            TraceFile h = stream.header();
            return new TraceFile(h.version(), h.rank(), h.worldSize(), h.startMillis(), EventColumns.of(events),
                    h.sites(), h.signatures(), h.rankSets(), h.dropped(), h.complete(), h.truncatedAt());
        }
    }

    /** The stream of definition records; one cut short (the rank killed while writing it) is read up to the cut. */
    static Definitions definitions(Path path, byte[] bytes) throws TraceFormatException {
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
