package org.mpiguard.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.mpiguard.core.trace.CompletionOp;
import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.TraceRecorder;
import org.mpiguard.core.trace.TraceWriter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What recording an event costs a traced run (trace format version 3: the recording thread
 * stores a fixed-size record, or a repeat word, into its chunk of a memory-mapped file; no
 * thread of ours writes): {@code writerThroughput} a send whose tag steps by one (a repeat
 * each time), {@code writerHaloRound} a round of a halo loop (repeats of period two),
 * {@code writerIrregular} events that never repeat (a whole record each). Each prints at an
 * iteration's end the file's bytes per event.
 *
 * <p>Apart from {@link TraceRecordingBenchmark} because that one empties its ring before
 * every invocation ({@code Level.Invocation}): JMH then times each invocation on its own,
 * two clock reads around one event, which here would be most of what is measured.
 *
 * <p>A fork carries no agent, so the JIT compiles the recording as it likes; the agent compiles
 * it under its own directives ({@code JitDirectives}), which keep most of the checker's
 * methods calls and cost a halo event some 80-130 ns against 45-55 here (docs/overhead.md, stop
 * 67). To measure as the agent compiles: write {@code JitDirectives.TEXT} to a file (a class of
 * one line in package {@code org.mpiguard.agent}, run on the agent jar), replace
 * {@code org/mpiguard/core/} by {@code org/mpiguard/bench/shadedcore/} in it (this jar's
 * relocation of checker-core; unreplaced, the patterns match nothing here), and run with
 * {@code -jvmArgsAppend "-XX:+UnlockDiagnosticVMOptions -XX:CompilerDirectivesFile=FILE"}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 10, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Fork(2)
public class TraceFileBenchmark {

    private int tag;

    /**
     * A fresh trace file per iteration; iterations of 100 ms, so that not even whole records
     * (48 bytes each) reach the file's cap.
     */
    @State(Scope.Benchmark)
    public static class Live {
        Path dir;
        TraceWriter writer;

        @Setup(Level.Iteration)
        public void open() throws IOException {
            dir = Files.createTempDirectory("mpiguard-trace-bench");
            writer = TraceWriter.start(dir, 0, 2, System.err);
        }

        @TearDown(Level.Iteration)
        public void close() throws IOException {
            writer.close();
            TraceRecorder r = writer.recorder();
            long size = Files.size(writer.path());
            System.out.printf("%n[trace] %d events kept, %d dropped, file %d bytes (%.1f bytes an event)%n",
                    r.recorded() - r.dropped(), r.dropped(), size, (double) size / Math.max(1, r.recorded()));
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    @Benchmark
    public void writerThroughput(Live live) {
        live.writer.recorder().send(7, PointOp.SEND, 1L, 1, ++tag, 5, 100, 0);
    }

    /**
     * The same file, a round of a halo loop at one site: receives from two neighbours and
     * their completions, the request ids stepping round by round (repeat records of period 2).
     */
    @Benchmark
    @OperationsPerInvocation(4)
    public void writerHaloRound(Live live) {
        TraceRecorder r = live.writer.recorder();
        long request = 2L * ++tag;
        r.recv(9, PointOp.IRECV, 1L, 1, 3, 5, 100, request);
        r.recv(9, PointOp.IRECV, 1L, 2, 3, 5, 100, request + 1);
        r.complete(10, CompletionOp.WAIT_ALL, request, 1, 3, 100, 0);
        r.complete(10, CompletionOp.WAIT_ALL, request + 1, 2, 3, 100, 0);
    }

    /** The same file, events whose fields follow no step: every one a whole record. */
    @Benchmark
    public void writerIrregular(Live live) {
        live.writer.recorder().send(7, PointOp.SEND, 1L, 1, Integer.reverse(++tag) >>> 17, 5, 100, 0);
    }
}
