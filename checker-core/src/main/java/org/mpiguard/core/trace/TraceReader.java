package org.mpiguard.core.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.codec.VarInput;

/**
 * Reads a trace file. Whatever the bytes, it returns a {@link TraceFile} or throws a
 * {@link TraceFormatException} naming the file and the offset of the record that went
 * wrong; a file that simply stops (a rank killed while writing) is read up to its last
 * whole record and marked incomplete.
 */
public final class TraceReader {

    private TraceReader() {
    }

    public static TraceFile read(Path path) throws TraceFormatException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            throw new TraceFormatException(path, 0, "no such file");
        } catch (IOException | OutOfMemoryError e) {
            throw new TraceFormatException(path, 0, "cannot read: " + e.getMessage());
        }
        return read(path, bytes, bytes.length);
    }

    /**
     * The events a version-2, -3 or -4 trace says it recorded (its header, written at each flush and
     * at close), read without reading the events; -1 for a version-1 trace, which does not
     * say, or a file that is not a trace.
     */
    public static long eventsRecorded(Path path) throws IOException {
        byte[] header = new byte[TraceFormat.H_DROPPED];
        try (java.io.InputStream in = Files.newInputStream(path)) {
            if (in.readNBytes(header, 0, header.length) < header.length) {
                return -1;
            }
        }
        for (int i = 0; i < TraceFormat.MAGIC.length; i++) {
            if (header[i] != TraceFormat.MAGIC[i]) {
                return -1;
            }
        }
        if (!mapped(header[TraceFormat.MAGIC.length])) {
            return -1;
        }
        return java.nio.ByteBuffer.wrap(header).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong(TraceFormat.H_EVENTS);
    }

    /** Whether a version byte is one of the memory-mapped formats (2; 3 with repeat records; 4 with runs of them). */
    static boolean mapped(byte version) {
        return version >= TraceFormat.VERSION_MAPPED_FIRST && version <= TraceFormat.VERSION;
    }

    public static TraceFile read(Path path, byte[] bytes, int length) throws TraceFormatException {
        if (length > TraceFormat.MAGIC.length && mapped(bytes[TraceFormat.MAGIC.length])) {
            try {
                return MappedTraceReader.read(path, bytes, length);
            } catch (OutOfMemoryError e) {
                // a run record stands for up to 2^48 events in 8 bytes: a long run's trace (or a
                // corrupt count) can hold more than the heap, which is said, not thrown
                throw new TraceFormatException(path, 0, "holds more events than this JVM's heap can take"
                        + " (give the analysing JVM more: -Xmx, or MPIGUARD_JAVA_OPTS=-Xmx16g for mpiguard)");
            }
        }
        VarInput in = new VarInput(path.toString(), bytes, length);
        int version;
        int rank;
        int worldSize;
        long start;
        try {
            for (byte m : TraceFormat.MAGIC) {
                if (in.readByte() != (m & 0xff)) {
                    throw new TraceFormatException(path, in.position() - 1, "not an MPIGuard trace (bad magic number)");
                }
            }
            version = in.varint();
            if (version != TraceFormat.VERSION_STREAM) {
                throw new TraceFormatException(path, 4, "trace format version " + version
                        + ", this reader knows versions " + TraceFormat.VERSION_STREAM + " to " + TraceFormat.VERSION);
            }
            rank = in.varint();
            worldSize = in.varint();
            start = in.varlong();
        } catch (IOException e) {
            throw new TraceFormatException(path, in.position(), "truncated header");
        }
        if (rank >= worldSize) {
            throw new TraceFormatException(path, 5, "rank " + rank + " is not below the world size " + worldSize);
        }
        List<TraceEvent> events = new ArrayList<>();
        Definitions defs = new Definitions();
        long dropped = 0;
        boolean complete = false;
        long truncatedAt = -1;
        long seq = -1;
        while (in.more() && !complete) {
            int at = in.position();
            try {
                int tag = in.readByte();
                if (defs.read(tag, in, path, at)) {
                    continue;
                }
                switch (tag) {
                    case TraceFormat.DROPPED -> dropped += in.varlong();
                    case TraceFormat.END -> {
                        in.varlong();
                        dropped = Math.max(dropped, in.varlong());
                        complete = true;
                    }
                    default -> {
                        EventKind kind = EventKind.ofTag(tag);
                        if (kind == null) {
                            throw new TraceFormatException(path, at, "unknown record tag " + tag);
                        }
                        int n = Definitions.bounded(in.varint(), TraceFormat.MAX_FIELDS, path, at, "field count");
                        seq += in.varlong() + 1;
                        int site = in.varint();
                        long thread = in.varlong();
                        long[] fields = new long[Math.max(n, kind.fieldCount())];
                        for (int i = 0; i < n; i++) {
                            fields[i] = in.signedLong();
                        }
                        events.add(TraceEvent.of(kind, seq, site, thread, fields));
                    }
                }
            } catch (IOException e) {
                // the file stops inside a record: keep what came before, as a rank killed mid-write leaves it
                if (e.getMessage() != null && e.getMessage().endsWith("truncated")) {
                    truncatedAt = at;
                    break;
                }
                throw new TraceFormatException(path, at, "corrupt record (" + e.getMessage() + ")");
            }
        }
        if (complete && in.more()) {
            throw new TraceFormatException(path, in.position(), "bytes after the end record");
        }
        return new TraceFile(version, rank, worldSize, start, EventColumns.of(events), defs.sites, defs.signatures,
                defs.rankSets, dropped, complete, truncatedAt);
    }
}
