package org.mpiguard.core.trace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * One rank's trace read an event at a time, in the rank's order (its threads' chunks merged
 * by sequence number), holding no more than the definitions, a window of the file per
 * thread and each thread's repeat memo: what the streaming analysis reads a thousand ranks
 * with at once. {@link #header()} is the trace as {@link TraceReader} gives it, without its
 * events. A version-1 trace (no chunks) is read whole and handed out from memory.
 *
 * <p>Errors in the events come as they are reached, from {@link #next()}; the header and
 * definitions are checked at {@link #open}.
 */
public final class TraceStream implements AutoCloseable {

    /** The bytes of the file each thread reads at a time. */
    private static final int WINDOW = 8 << 10;

    private final Path path;
    private final TraceFile header;
    private final TraceBytesSource source;
    private final ThreadRecords[] threads;
    private final List<TraceEvent> held;
    private long emitted;

    private TraceStream(Path path, TraceFile header, TraceBytesSource source, ThreadRecords[] threads,
                        List<TraceEvent> held) {
        this.path = path;
        this.header = header;
        this.source = source;
        this.threads = threads;
        this.held = held;
    }

    /** Opens the rank trace at {@code path}; the caller closes it. */
    public static TraceStream open(Path path) throws TraceFormatException {
        FileChannel channel;
        byte[] start = new byte[TraceFormat.H_DROPPED + 8];
        int got;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new TraceFormatException(path, 0, "no such file");
        } catch (IOException e) {
            throw new TraceFormatException(path, 0, "cannot read: " + e.getMessage());
        }
        try {
            got = Math.max(0, channel.read(ByteBuffer.wrap(start), 0));
            if (got > TraceFormat.MAGIC.length && TraceReader.mapped(start[TraceFormat.MAGIC.length])) {
                return mapped(path, TraceBytesSource.of(channel));
            }
            channel.close();
        } catch (IOException e) {
            close(channel);
            throw new TraceFormatException(path, 0, "cannot read: " + e.getMessage());
        } catch (TraceFormatException | RuntimeException e) {
            close(channel);
            throw e;
        }
        TraceFile whole = TraceReader.read(path);
        return new TraceStream(path, withoutEvents(whole, whole.version(), whole.truncatedAt()), null, new ThreadRecords[0],
                whole.events());
    }

    /** The events of a trace already in memory, in the same order {@link #open} gives them. */
    static TraceStream of(Path path, byte[] bytes, int length) throws TraceFormatException {
        return mapped(path, TraceBytesSource.of(bytes, length));
    }

    private static void close(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // only read from
        }
    }

    private static TraceStream mapped(Path path, TraceBytesSource source) throws TraceFormatException {
        long length = source.length();
        ByteWindow head = new ByteWindow(source, TraceFormat.H_DROPPED + 8);
        if (length < TraceFormat.H_DROPPED + 8) {
            throw new TraceFormatException(path, length, "truncated header");
        }
        int rank = head.getInt(TraceFormat.H_RANK);
        int worldSize = head.getInt(TraceFormat.H_WORLD);
        if (rank < 0 || rank >= worldSize) {
            throw new TraceFormatException(path, TraceFormat.H_RANK, "rank " + rank + " is not below the world size "
                    + worldSize);
        }
        int chunkBytes = head.getInt(TraceFormat.H_CHUNK_BYTES);
        if (chunkBytes < 256 || chunkBytes > 1 << 26) {
            throw new TraceFormatException(path, TraceFormat.H_CHUNK_BYTES, "chunk size " + chunkBytes);
        }
        int flags = head.getInt(TraceFormat.H_FLAGS);
        long claimed = head.getLong(TraceFormat.H_CHUNKS);
        long dropped = head.getLong(TraceFormat.H_DROPPED);
        long startMillis = head.getLong(TraceFormat.H_START);
        List<ThreadRecords> threads = new ArrayList<>();
        ByteArrayOutputStream definitions = new ByteArrayOutputStream();
        ByteWindow stamps = new ByteWindow(source, 64);
        long truncatedAt = -1;
        try {
            for (long k = 0; k < claimed; k++) {
                long base = (k + 1) * chunkBytes;
                if (base + chunkBytes > length) {
                    truncatedAt = base; // the file is shorter than its header says: read up to there
                    break;
                }
                long stamp = stamps.getLong(base);
                if (stamp == ChunkCursor.DEFINITIONS) {
                    definitions(path, source, base, chunkBytes, definitions);
                } else {
                    thread(threads, stamp, path, source, chunkBytes).addChunk(k);
                }
            }
        } catch (UncheckedIOException e) {
            throw new TraceFormatException(path, 0, "cannot read: " + e.getCause().getMessage());
        }
        Definitions defs = MappedTraceReader.definitions(path, definitions.toByteArray());
        TraceFile header = new TraceFile(TraceFormat.VERSION, rank, worldSize, startMillis, List.of(), defs.sites,
                defs.signatures, defs.rankSets, dropped, (flags & TraceFormat.FLAG_COMPLETE) != 0, truncatedAt);
        TraceStream stream = new TraceStream(path, header, source, threads.toArray(new ThreadRecords[0]), null);
        for (ThreadRecords t : stream.threads) {
            stream.advance(t);
        }
        return stream;
    }

    private static ThreadRecords thread(List<ThreadRecords> threads, long stamp, Path path, TraceBytesSource source,
                                        int chunkBytes) {
        for (ThreadRecords t : threads) {
            if (t.thread == stamp) {
                return t;
            }
        }
        ThreadRecords t = new ThreadRecords(stamp, path, new ByteWindow(source, WINDOW), chunkBytes);
        threads.add(t);
        return t;
    }

    private static void definitions(Path path, TraceBytesSource source, long base, int chunkBytes,
                                    ByteArrayOutputStream into) throws TraceFormatException {
        ByteBuffer chunk = ByteBuffer.allocate(chunkBytes).order(ByteOrder.LITTLE_ENDIAN);
        try {
            source.read(base, chunk);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int used = chunk.getInt(DefinitionChunks.USED);
        if (used < 0 || used > chunkBytes - TraceFormat.CHUNK_HEADER) {
            throw new TraceFormatException(path, base, "a definitions chunk says it holds " + used + " bytes");
        }
        into.write(chunk.array(), TraceFormat.CHUNK_HEADER, used);
    }

    static TraceFile withoutEvents(TraceFile t, int version, long truncatedAt) {
        return new TraceFile(version, t.rank(), t.worldSize(), t.startMillis(), List.of(), t.sites(), t.signatures(),
                t.rankSets(), t.dropped(), t.complete(), truncatedAt);
    }

    /** The rank, world, definitions and whether the trace is whole: everything but its events. */
    public TraceFile header() {
        return header;
    }

    /** The rank's next event, or null after its last (an event of its own: see {@link #nextInto} for none). */
    public TraceEvent next() throws TraceFormatException {
        if (held != null) {
            return emitted < held.size() ? held.get((int) emitted++) : null;
        }
        ThreadRecords first = first();
        if (first == null) {
            return null;
        }
        EventBuffer h = first.head;
        TraceEvent e = TraceEvent.of(h.kind(), h.seq(), h.site(), h.thread(), h.fields());
        emitted++;
        advance(first);
        return e;
    }

    /**
     * The rank's next event written into {@code into}, allocating nothing; false after its
     * last (then {@code into} is left as it was).
     */
    public boolean nextInto(EventBuffer into) throws TraceFormatException {
        if (held != null) {
            if (emitted >= held.size()) {
                return false;
            }
            into.copy(held.get((int) emitted++));
            return true;
        }
        ThreadRecords first = first();
        if (first == null) {
            return false;
        }
        into.copy(first.head);
        emitted++;
        advance(first);
        return true;
    }

    /** The thread whose head comes next: lowest sequence number, then the chunk claimed first. */
    private ThreadRecords first() {
        ThreadRecords first = null;
        for (ThreadRecords t : threads) {
            if (t.head != null && (first == null || t.head.seq() < first.head.seq()
                    || t.head.seq() == first.head.seq() && t.headChunk < first.headChunk)) {
                first = t;
            }
        }
        return first;
    }

    private void advance(ThreadRecords t) throws TraceFormatException {
        try {
            t.advance(emitted);
        } catch (UncheckedIOException e) {
            throw new TraceFormatException(path, 0, "cannot read: " + e.getCause().getMessage());
        }
    }

    /** How many events {@link #next()} has given. */
    public long position() {
        return emitted;
    }

    @Override
    public void close() {
        if (source != null) {
            try {
                source.close();
            } catch (IOException ignored) {
                // only read from
            }
        }
    }
}
