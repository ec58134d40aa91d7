package org.mpiguard.core.trace;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Drains a {@link TraceRecorder} to {@code <dir>/trace-rank<N>.mpgt} on a daemon thread.
 * {@link #flush} (the abort path and the shutdown hook call it) writes everything recorded
 * so far from the calling thread; {@link #close} (after Finalize) ends the trace. A file
 * that cannot be written is said once, and recording stops: the program goes on.
 */
public final class TraceWriter {

    /** How long the drain waits for a slot claimed but not yet filled by its thread. */
    private static final long SPIN_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
    /** Write to the file when this much is encoded, or when the ring is empty. */
    private static final int WRITE_AT = 1 << 16;

    private final TraceRecorder recorder;
    private final TraceEncoder encoder;
    private final OutputStream file;
    private final Path path;
    private final PrintStream err;
    private final Thread thread;
    private volatile boolean stopping;
    private boolean failed;
    private boolean closed;

    private TraceWriter(TraceRecorder recorder, Path path, OutputStream file, TraceEncoder encoder, PrintStream err) {
        this.recorder = recorder;
        this.path = path;
        this.file = file;
        this.encoder = encoder;
        this.err = err;
        this.thread = new Thread(this::run, "mpiguard-trace-writer");
        thread.setDaemon(true);
        recorder.consumer(thread);
    }

    /**
     * Opens the rank's trace file and starts the writer thread.
     *
     * @throws IOException when the directory or file cannot be made
     */
    public static TraceWriter start(Path dir, int rank, int worldSize, int capacity, PrintStream err)
            throws IOException {
        Files.createDirectories(dir);
        Path path = dir.resolve(TraceFormat.fileName(rank));
        OutputStream out = new BufferedOutputStream(new FileOutputStream(path.toFile()), 1 << 16);
        TraceRecorder recorder = new TraceRecorder(capacity);
        TraceWriter writer = new TraceWriter(recorder, path, out,
                new TraceEncoder(out, rank, worldSize, System.currentTimeMillis()), err);
        writer.thread.start();
        return writer;
    }

    public TraceRecorder recorder() {
        return recorder;
    }

    public Path path() {
        return path;
    }

    private void run() {
        while (!stopping) {
            int n = drainOnce(false);
            if (n == 0) {
                writeOut();
                LockSupport.parkNanos(IDLE_PARK_NANOS);
            }
        }
    }

    private synchronized int drainOnce(boolean write) {
        if (closed || failed) {
            return 0;
        }
        int n = recorder.drain(encoder, SPIN_NANOS);
        if (write || encoder.buffered() >= WRITE_AT) {
            writeOut();
        }
        return n;
    }

    private synchronized void writeOut() {
        if (closed || failed) {
            return;
        }
        try {
            encoder.flush();
        } catch (IOException e) {
            fail(e);
        }
    }

    /** Everything recorded until now is written to the file (not synced to the disk) when this returns. */
    public synchronized void flush() {
        recorder.flushAccesses();
        drainOnce(true);
    }

    /** Writes what is left and the end record, and closes the file; later events are ignored. */
    public synchronized void close() {
        if (closed) {
            return;
        }
        recorder.flushAccesses();
        recorder.close();
        drainOnce(false);
        stopping = true;
        if (!failed) {
            encoder.end();
            writeOut();
            try {
                file.close();
            } catch (IOException e) {
                fail(e);
            }
        }
        closed = true;
        LockSupport.unpark(thread);
    }

    private void fail(IOException e) {
        failed = true;
        recorder.close();
        err.println("[MPIGuard] cannot write the trace " + path + " (" + e.getMessage()
                + "); tracing stops, the program goes on. Set trace=DIR to a writable directory.");
    }
}
