package org.mpiguard.core.trace;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The file of a version-3 trace, memory-mapped: a header chunk, then chunks of
 * {@link TraceFormat#CHUNK_BYTES} that threads claim one at a time and fill with records
 * themselves. The file grows a segment of {@link #SEGMENT_CHUNKS} chunks at a time; each
 * segment is written with zeros before it is mapped, so a full disk is an error here (the
 * recording stops) and never a fault in a thread storing into a page. What the pages hold
 * is the kernel's to write back: a rank killed at any point leaves every record it finished.
 *
 * <p>Claims are rare (one per chunk) and take this object's lock. Past the cap
 * ({@code trace-max}) or when the disk is nearly full, no chunk is given out any more:
 * recording stops, the header says so and the error stream says it once.
 */
final class TraceChunks {

    /** 4 MiB a segment: growing the file costs a zeroing write and a map, about 100 us a MiB, per segment. */
    static final int SEGMENT_CHUNKS = 64;
    /** Recording stops rather than leave less than this on the trace's file system. */
    private static final long DISK_RESERVE = 256L << 20;

    private final Path path;
    /** Looked up once: {@code Files.getFileStore} reads the mount table each time (a third of a segment's cost). */
    private final FileStore store;
    private final FileChannel channel;
    /** Zeros to write from: a direct buffer, which the channel writes without copying it first. */
    private final ByteBuffer zero = ByteBuffer.allocateDirect(1 << 16);
    private final MappedByteBuffer header;
    private final List<ByteBuffer> segments = new ArrayList<>();
    private final long maxChunks;
    private final long maxBytes;
    private final PrintStream err;
    private long claimed;
    private boolean stopped;

    private TraceChunks(Path path, FileChannel channel, MappedByteBuffer header, long maxBytes, PrintStream err)
            throws IOException {
        this.path = path;
        this.store = Files.getFileStore(path);
        this.channel = channel;
        this.header = header;
        this.maxBytes = maxBytes;
        this.maxChunks = Math.max(1, maxBytes / TraceFormat.CHUNK_BYTES - 1);
        this.err = err;
    }

    /** Creates (or replaces) the file and writes its header. */
    static TraceChunks create(Path path, int rank, int worldSize, long startMillis, long maxBytes, PrintStream err)
            throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        try {
            ch.write(ByteBuffer.allocate(TraceFormat.CHUNK_BYTES), 0);
            MappedByteBuffer h = ch.map(FileChannel.MapMode.READ_WRITE, 0, TraceFormat.CHUNK_BYTES);
            h.order(ByteOrder.LITTLE_ENDIAN);
            h.put(0, TraceFormat.MAGIC);
            h.put(TraceFormat.MAGIC.length, (byte) TraceFormat.VERSION);
            h.putInt(TraceFormat.H_RANK, rank);
            h.putInt(TraceFormat.H_WORLD, worldSize);
            h.putLong(TraceFormat.H_START, startMillis);
            h.putInt(TraceFormat.H_CHUNK_BYTES, TraceFormat.CHUNK_BYTES);
            return new TraceChunks(path, ch, h, maxBytes, err);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    Path path() {
        return path;
    }

    /**
     * Gives {@code cursor} a fresh chunk of its own, stamped with its thread.
     *
     * @return false when recording has stopped (the cap, a full disk, the trace closed)
     */
    synchronized boolean claim(ChunkCursor cursor) {
        if (stopped) {
            return false;
        }
        if (claimed >= maxChunks) {
            stop(TraceFormat.FLAG_CAPPED, "reached trace-max=" + maxBytes + " bytes");
            return false;
        }
        long chunk = claimed; // 0-based among the chunks after the header
        int segment = (int) (chunk / SEGMENT_CHUNKS);
        try {
            if (segment == segments.size()) {
                segments.add(mapSegment(segment));
            }
        } catch (IOException | RuntimeException e) {
            stop(0, "cannot grow the file (" + e.getMessage() + ")");
            return false;
        }
        ByteBuffer b = segments.get(segment);
        int base = (int) (chunk % SEGMENT_CHUNKS) * TraceFormat.CHUNK_BYTES;
        b.putLong(base, cursor.threadId);
        claimed = chunk + 1;
        header.putLong(TraceFormat.H_CHUNKS, claimed);
        cursor.take(b, base + TraceFormat.CHUNK_HEADER, base + TraceFormat.CHUNK_BYTES);
        return true;
    }

    private ByteBuffer mapSegment(int segment) throws IOException {
        long first = (long) segment * SEGMENT_CHUNKS;
        long at = TraceFormat.CHUNK_BYTES * (1 + first);
        // never past the cap, even before the file is cut at close
        long bytes = Math.min(SEGMENT_CHUNKS, maxChunks - first) * TraceFormat.CHUNK_BYTES;
        if (store.getUsableSpace() < DISK_RESERVE + bytes) {
            throw new IOException("less than " + (DISK_RESERVE >> 20) + " MiB left on its file system");
        }
        zeros(at, bytes);
        return channel.map(FileChannel.MapMode.READ_WRITE, at, bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Allocates the file's blocks now, so that a full disk is an IOException and not a fault in a mapped store. */
    private void zeros(long at, long bytes) throws IOException {
        for (long done = 0; done < bytes; ) {
            zero.clear().limit((int) Math.min(zero.capacity(), bytes - done));
            done += channel.write(zero, at + done);
        }
    }

    private void stop(int flag, String why) {
        stopped = true;
        header.putInt(TraceFormat.H_FLAGS, header.getInt(TraceFormat.H_FLAGS) | flag);
        err.println("[MPIGuard] the trace " + path + " " + why + ": recording stops here, the program goes on"
                + (flag == TraceFormat.FLAG_CAPPED ? " (set trace-max=SIZE for more)" : ""));
    }

    /** The counts as they are now: what a reader reports if the trace is never closed. */
    synchronized void counts(long events, long dropped) {
        header.putLong(TraceFormat.H_EVENTS, events);
        header.putLong(TraceFormat.H_DROPPED, dropped);
    }

    /**
     * The end: the counts and the complete flag; no chunk is given out any more, and the
     * file is cut after the last claimed chunk (every store of a thread still recording is
     * into its claimed chunk, so none falls beyond the cut).
     */
    synchronized void close(long events, long dropped) {
        counts(events, dropped);
        header.putInt(TraceFormat.H_FLAGS, header.getInt(TraceFormat.H_FLAGS) | TraceFormat.FLAG_COMPLETE);
        stopped = true;
        try {
            channel.truncate((claimed + 1) * TraceFormat.CHUNK_BYTES);
            channel.close();
        } catch (IOException e) {
            err.println("[MPIGuard] cannot close the trace " + path + " (" + e.getMessage() + ")");
        }
    }
}
