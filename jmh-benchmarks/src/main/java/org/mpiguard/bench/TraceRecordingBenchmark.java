package org.mpiguard.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.mpiguard.core.trace.CompletionOp;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.TraceEncoder;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * What recording a trace event costs, per event. Each invocation records a batch of
 * {@link #BATCH} events into a ring with room for all of them (so every event is kept, as
 * in a program that calls MPI slower than the writer drains):
 * {@code record*} is the application thread's share (claim and fill a slot), emptied
 * between invocations outside the measurement; {@code recordAndEncode} adds the writer's
 * share (drain and encode to bytes, written to a null stream), so the two differ by what
 * the writer thread spends per event. {@code baseline} passes the same values to a Blackhole.
 * What a traced run's recording costs (into the memory-mapped file) is {@link TraceFileBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TraceRecordingBenchmark {

    static final int BATCH = 8192;

    private final TraceRecorder recorder = new TraceRecorder(2 * BATCH);
    private final TraceEncoder encoder = new TraceEncoder(OutputStream.nullOutputStream(), 0, 2, 0);
    private final TraceRecorder.Sink discard = new TraceRecorder.Sink() {
        @Override
        public void definition(Object d) {
        }

        @Override
        public void event(EventKind kind, long seq, int site, long thread, long[] slot, int base) {
        }

        @Override
        public void dropped(long count) {
        }
    };
    private int tag;

    @Setup(Level.Invocation)
    public void empty() {
        recorder.drain(discard, 0);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void baseline(Blackhole bh) {
        for (int i = 0; i < BATCH; i++) {
            bh.consume(PointOp.SEND);
            bh.consume(++tag);
        }
    }

    /** A blocking send: one event. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void recordSend() {
        for (int i = 0; i < BATCH; i++) {
            recorder.send(7, PointOp.SEND, 1L, 1, ++tag, 5, 100, 0);
        }
    }

    /** A blocking receive's post and completion: two events per operation, half the batch of operations. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void recordRecvEvents() {
        for (int i = 0; i < BATCH / 2; i++) {
            recorder.recv(8, PointOp.RECV, 1L, TraceRecorder.ANY, 3, 5, 100, 0);
            recorder.complete(8, CompletionOp.BLOCKING, 0, 1, ++tag, 100, 0);
        }
    }

    /** Application thread and writer together: record, drain, encode. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void recordAndEncodeSend() throws IOException {
        for (int i = 0; i < BATCH; i++) {
            recorder.send(7, PointOp.SEND, 1L, 1, ++tag, 5, 100, 0);
        }
        recorder.drain(encoder, 0);
        encoder.flush();
    }
}
