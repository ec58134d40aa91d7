package org.mpiguard.core.trace;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

/**
 * A rank's trace from start to close: {@code <dir>/trace-rank<N>.mpgt} (format version 3,
 * memory-mapped, written by the recording threads themselves: there is no writer thread). {@link #flush} (the abort path and the shutdown hook call
 * it) writes the pending window-access runs and the counts; {@link #close} (after Finalize)
 * marks the trace complete. A file that cannot be made is said once, and the rank runs
 * untraced; one that cannot grow stops the recording: the program goes on.
 */
public final class TraceWriter {

    /** {@code trace-max}'s default: a rank's trace stops growing at 1 GiB. */
    public static final long DEFAULT_MAX_BYTES = 1L << 30;

    private final TraceRecorder recorder;
    private final MappedEvents events;
    private final Path path;
    private boolean closed;

    private TraceWriter(TraceRecorder recorder, MappedEvents events, Path path) {
        this.recorder = recorder;
        this.events = events;
        this.path = path;
    }

    /** {@link #start(Path, int, int, long, PrintStream)} with the default cap. */
    public static TraceWriter start(Path dir, int rank, int worldSize, PrintStream err) throws IOException {
        return start(dir, rank, worldSize, DEFAULT_MAX_BYTES, err);
    }

    /**
     * Makes the rank's trace file.
     *
     * @param maxBytes the cap of the trace file ({@code trace-max}), past which recording stops
     * @throws IOException when the directory or files cannot be made
     * @throws IllegalArgumentException when {@code maxBytes} is below two chunks (128 KiB)
     */
    public static TraceWriter start(Path dir, int rank, int worldSize, long maxBytes, PrintStream err)
            throws IOException {
        return start(dir, rank, worldSize, maxBytes, err, System.currentTimeMillis(), new TraceEncoder.SiteLookup() {
            @Override
            public CallSite site(int id) {
                return CallSites.get(id);
            }
        });
    }

    /** The same, with the start time the header gives and where the call sites' definitions come from. */
    public static TraceWriter start(Path dir, int rank, int worldSize, long maxBytes, PrintStream err,
                                    long startMillis, TraceEncoder.SiteLookup sites) throws IOException {
        if (maxBytes < 2L * TraceFormat.CHUNK_BYTES) {
            // too small to hold a header and a chunk (the options ask for 1 MiB at least)
            throw new IllegalArgumentException("a trace cap of " + maxBytes + " bytes holds no events");
        }
        Files.createDirectories(dir);
        if (rank == 0) {
            removeTracesBeyond(dir, worldSize);
        }
        Path path = dir.resolve(TraceFormat.fileName(rank));
        TraceChunks chunks = TraceChunks.create(path, rank, worldSize, startMillis, maxBytes, err);
        MappedEvents events = new MappedEvents(chunks, sites);
        return new TraceWriter(new TraceRecorder(events), events, path);
    }

    /**
     * Deletes the traces of ranks {@code worldSize} and above: an earlier run of more ranks
     * left them in the directory, and beside this run's they would make its set look like
     * one of the larger world, missing this run's ranks. No rank of this run writes them,
     * so rank 0 may delete them while the others start.
     */
    static void removeTracesBeyond(Path dir, int worldSize) {
        try (java.nio.file.DirectoryStream<Path> files = Files.newDirectoryStream(dir, "trace-rank*.mpgt")) {
            for (Path f : files) {
                int r = TraceFormat.rankOf(f.getFileName().toString());
                if (r >= worldSize) {
                    Files.deleteIfExists(f);
                }
            }
        } catch (IOException | RuntimeException e) {
            // a stale trace left is said by the analysis (traces of two runs); never stops this run
        }
    }

    public TraceRecorder recorder() {
        return recorder;
    }

    public Path path() {
        return path;
    }

    /**
     * Everything recorded until now is in the file when this returns (in the page cache,
     * which the kernel writes back even if the process dies next): the calling thread's and
     * ended threads' access runs, and the counts in the header.
     */
    public synchronized void flush() {
        if (!closed) {
            recorder.flushAccesses();
            events.counts();
        }
    }

    /** Writes what is left and marks the trace complete; later events are ignored. */
    public synchronized void close() {
        if (closed) {
            return;
        }
        recorder.flushAccesses();
        recorder.close();
        events.close();
        closed = true;
    }
}
