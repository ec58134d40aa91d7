package org.mpiguard.analyzer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.trace.AccumulateOp;
import org.mpiguard.core.trace.CompletionOp;
import org.mpiguard.core.trace.HandleKind;
import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.RmaOp;
import org.mpiguard.core.trace.RmaSyncOp;
import org.mpiguard.core.trace.TraceRecorder;
import org.mpiguard.core.trace.TraceWriter;

/**
 * The traces of a large correct job, for measuring the analysis where this machine cannot
 * run the job: N ranks, E events in all, in the macro kernels' shapes. Each iteration is a
 * halo exchange with both ring neighbours by iSend/iRecv and a waitAll (three in four
 * iterations) or by puts into their ghost slots in a fence epoch (the fourth); every 10th an
 * allReduce on COMM_WORLD; every 50th the first {@value #WORKERS} other ranks report to rank
 * 0, which takes their messages by ANY_SOURCE receives (so those receives race, as
 * master/worker ones do). A team, not every rank: each racing receive's finding names all its
 * rivals, so a master of 1,023 workers would make the output grow with their square and
 * measure the report rather than the analysis.
 *
 * <p>Written through the trace API (recorder and writer), one rank's file after another, so
 * memory stays that of one rank whatever N. Deterministic: the same arguments give the same
 * files. {@code main}: {@code --ranks N --events E --dir DIR}.
 */
public final class ScaleTraceGenerator {

    static final long WORLD = RunBuilder.WORLD;
    static final long WIN = 9;
    static final int INT = 5;
    private static final int DOUBLE = 8;
    private static final int SUM = 3;
    /** The workers that report to rank 0. */
    static final int WORKERS = 32;
    /** Events of one rank per iteration, on average over the four kinds of iteration, masters' aside. */
    private static final double PER_ITERATION = (3 * 8 + 3) / 4.0 + 0.1 + 0.02;

    private ScaleTraceGenerator() {
    }

    /** The iterations every rank runs so that the job has about {@code events} events. */
    static int iterations(int ranks, long events) {
        int workers = Math.min(WORKERS, ranks - 1);
        double masterShare = (workers * 3 - (ranks - 1 - workers)) / 50.0 / ranks;
        return (int) Math.max(1, Math.ceil(events / (double) ranks / (PER_ITERATION + masterShare)));
    }

    /** Writes every rank's trace into {@code dir}; returns the events written. */
    static long write(Path dir, int ranks, long events) throws IOException {
        if (ranks < 2) {
            throw new IllegalArgumentException("at least 2 ranks: " + ranks);
        }
        Files.createDirectories(dir);
        int iterations = iterations(ranks, events);
        long written = 0;
        for (int r = 0; r < ranks; r++) {
            written += writeRank(dir, r, ranks, iterations);
        }
        return written;
    }

    private static long writeRank(Path dir, int r, int size, int iterations) throws IOException {
        // the format the agent writes (memory-mapped chunks, repeat and run records)
        TraceWriter writer = TraceWriter.start(dir, r, size, TraceWriter.DEFAULT_MAX_BYTES, System.err, 0,
                id -> new CallSite(id, "Comm.op" + id, "demo.Kernel", "step", "Kernel.java", 10 + id));
        TraceRecorder rec = writer.recorder();
        int right = (r + 1) % size;
        int left = (r - 1 + size) % size;
        long request = 0;
        long ring = 0;
        rec.handle(1, HandleKind.CREATE, HandleKind.WIN, WIN, WIN, 0, 16, 4);
        rec.rmaSync(2, RmaSyncOp.FENCE, WIN, -1, 0, 0, 0);
        for (int it = 0; it < iterations; it++) {
            if (it % 4 == 3) {
                rec.rma(11, RmaOp.PUT, WIN, right, 1, 1, INT, 1, INT, 0, 0, it, AccumulateOp.NOT_RECORDED);
                rec.rma(12, RmaOp.PUT, WIN, left, 2, 1, INT, 1, INT, 0, 0, it, AccumulateOp.NOT_RECORDED);
                rec.rmaSync(13, RmaSyncOp.FENCE, WIN, -1, 0, 0, 0);
            } else {
                long toRight = ++request;
                long toLeft = ++request;
                long fromLeft = ++request;
                long fromRight = ++request;
                rec.send(21, PointOp.ISEND, WORLD, right, 0, DOUBLE, 64, toRight);
                rec.send(22, PointOp.ISEND, WORLD, left, 1, DOUBLE, 64, toLeft);
                rec.recv(23, PointOp.IRECV, WORLD, left, 0, DOUBLE, 64, fromLeft);
                rec.recv(24, PointOp.IRECV, WORLD, right, 1, DOUBLE, 64, fromRight);
                rec.complete(25, CompletionOp.WAIT_ALL, toRight, -1, -1, -1, 0);
                rec.complete(25, CompletionOp.WAIT_ALL, toLeft, -1, -1, -1, 0);
                rec.complete(25, CompletionOp.WAIT_ALL, fromLeft, left, 0, 64, 0);
                rec.complete(25, CompletionOp.WAIT_ALL, fromRight, right, 1, 64, 0);
            }
            if (it % 10 == 0) {
                rec.collective(31, CollectiveKind.ALL_REDUCE, false, WORLD, ++ring, -1, SUM, DOUBLE, 1, DOUBLE, 1,
                        0);
            }
            if (it % 50 == 0) {
                masterWorker(rec, r, size);
            }
        }
        rec.handle(3, HandleKind.FREE, HandleKind.WIN, WIN, WIN, 0, 16, 4);
        rec.finalizeCalled(7);
        long recorded = rec.recorded();
        writer.close();
        return recorded;
    }

    /** The workers report to rank 0, which takes them by ANY_SOURCE receives in rank order. */
    private static void masterWorker(TraceRecorder rec, int r, int size) {
        int workers = Math.min(WORKERS, size - 1);
        if (r != 0) {
            if (r <= workers) {
                rec.send(41, PointOp.SEND, WORLD, 0, 1, INT, 4, 0);
            }
            return;
        }
        for (int q = 1; q <= workers; q++) {
            rec.recv(42, PointOp.RECV, WORLD, TraceRecorder.ANY, 1, INT, 4, 0);
            rec.complete(42, CompletionOp.BLOCKING, 0, q, 1, 4, 0);
        }
    }

    public static void main(String[] args) throws IOException {
        int ranks = 1024;
        long events = 100_000_000L;
        Path dir = null;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            try {
                switch (args[i]) {
                    case "--ranks" -> ranks = Integer.parseInt(require(args[i], value));
                    case "--events" -> events = Long.parseLong(require(args[i], value));
                    case "--dir" -> dir = Path.of(require(args[i], value));
                    default -> usage("unknown option " + args[i]);
                }
            } catch (NumberFormatException e) {
                usage(args[i] + " needs a number, not " + value);
            }
            i++;
        }
        if (ranks < 2 || events < 1) {
            usage("--ranks must be at least 2 and --events at least 1");
        }
        if (dir == null) {
            usage("--dir is required");
        }
        long t0 = System.nanoTime();
        long written = write(dir, ranks, events);
        System.out.printf("generated %d events of %d ranks (%d iterations) in %s in %.1f s%n", written, ranks,
                iterations(ranks, events), dir, (System.nanoTime() - t0) / 1e9);
    }

    private static String require(String option, String value) {
        if (value == null) {
            usage(option + " needs a value");
        }
        return value;
    }

    private static void usage(String problem) {
        System.err.println("scale-traces: " + problem + " (usage: --ranks N --events E --dir DIR)");
        System.exit(2);
    }
}
