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
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What recording a trace event costs the application thread: the recorder's claim and
 * fill of a slot, with the real writer thread draining to a file beside it. {@code
 * baseline} passes the same arguments to a Blackhole. At tear-down each trial prints how
 * many events were recorded and how many dropped because the writer could not keep up
 * (a benchmark loop records far faster than any MPI program calls MPI, so drops here
 * measure the writer, not a real run).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TraceRecordingBenchmark {

    private Path dir;
    private TraceWriter writer;
    private TraceRecorder recorder;
    private int tag;

    @Setup(Level.Trial)
    public void open() throws IOException {
        dir = Files.createTempDirectory("mpiguard-trace-bench");
        writer = TraceWriter.start(dir, 0, 2, 1 << 14, System.err);
        recorder = writer.recorder();
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        writer.close();
        System.out.printf("%n[trace] recorded %d events, dropped %d, file %d bytes%n", recorder.recorded(),
                recorder.dropped(), Files.size(writer.path()));
        Files.deleteIfExists(writer.path());
        Files.deleteIfExists(dir);
    }

    @Benchmark
    public void baseline(Blackhole bh) {
        bh.consume(PointOp.SEND);
        bh.consume(1L);
        bh.consume(++tag);
    }

    /** One blocking send: one event. */
    @Benchmark
    public void send() {
        recorder.send(7, PointOp.SEND, 1L, 1, ++tag, 5, 100, 0);
    }

    /** One blocking receive: its post and its completion, two events. */
    @Benchmark
    public void recvPostAndComplete() {
        recorder.recv(8, PointOp.RECV, 1L, TraceRecorder.ANY, 3, 5, 100, 0);
        recorder.complete(8, CompletionOp.BLOCKING, 0, 1, ++tag, 100, 0);
    }

    /** Two application threads recording at once (MPI_THREAD_MULTIPLE programs). */
    @Benchmark
    @Threads(2)
    public void sendFromTwoThreads() {
        recorder.send(7, PointOp.SEND, 1L, 1, 3, 5, 100, 0);
    }
}
