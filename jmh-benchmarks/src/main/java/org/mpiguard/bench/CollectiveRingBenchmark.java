package org.mpiguard.bench;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.mpiguard.core.collective.CollectiveCall;
import org.mpiguard.core.collective.CollectiveCodec;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.collective.CollectiveLog;
import org.mpiguard.core.collective.CommIdentity;
import org.mpiguard.core.collective.RingComparer;
import org.mpiguard.core.collective.ShapeInterner;
import org.mpiguard.core.site.CallSites;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What the collective ring costs per call, without MPI: the application thread's append
 * to its log, and the watchdog's whole share (drain, shape lookup, pairing with the
 * neighbour's call, encoding, and decoding the neighbour's stream) for a loop that
 * alternates barrier and allReduce, as kernels do, and for a loop of barriers alone. Both ranks of a pair are played by
 * one thread: rank 1's watchdog encodes, rank 0's decodes and compares.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CollectiveRingBenchmark {

    private static final int CALLS = 1000;
    private static final CollectiveCall.CodeNames NAMES = new CollectiveCall.CodeNames() {
        @Override
        public String typeName(int typeCode, int typeSize) {
            return "type " + typeCode;
        }

        @Override
        public String opName(int opCode) {
            return "op " + opCode;
        }
    };

    private final CommIdentity world0 = new CommIdentity(CommIdentity.WORLD_ID, new int[] {0, 1}, 0);
    private final CommIdentity world1 = new CommIdentity(CommIdentity.WORLD_ID, new int[] {0, 1}, 1);
    private final CollectiveLog log0 = new CollectiveLog();
    private final CollectiveLog log1 = new CollectiveLog();
    private final ShapeInterner shapes0 = new ShapeInterner(0);
    private final ShapeInterner shapes1 = new ShapeInterner(1);
    private final RingComparer ring0 = new RingComparer(NAMES);
    private final CollectiveCodec.Encoder toRank0 = new CollectiveCodec.Encoder();
    private final CollectiveCodec.Decoder fromRank1 = new CollectiveCodec.Decoder();
    /**
     * alternating: barrier, allReduce, barrier, ... (every call its own run: the worst
     * case); loop: barriers only (a loop of one collective, drained as runs).
     */
    @Param({"alternating", "loop"})
    public String pattern;
    private int barrierSite;
    private int allReduceSite;
    private long seq;
    private long mismatches;

    @Setup
    public void sites() {
        barrierSite = CallSites.register("Comm.barrier", "bench.Kernel", "step", "Kernel.java", 10);
        allReduceSite = CallSites.register("Comm.allReduce", "bench.Kernel", "step", "Kernel.java", 11);
    }

    /** The application thread's share: count and append, as every collective does. */
    @Benchmark
    @OperationsPerInvocation(CALLS)
    public void appendToTheLog(Blackhole bh) {
        for (int i = 0; i < CALLS; i++) {
            appendOne(log0, world0, ++seq);
        }
        bh.consume(log0.drainRuns((c, s, calls, k, nb, root, op, count, t, ts, site) -> { }));
    }

    /** Both watchdogs' share of one call: rank 1 sends it, rank 0 pairs it with its own. */
    @Benchmark
    @OperationsPerInvocation(CALLS)
    public void roundTheRing(Blackhole bh) throws IOException {
        long first = seq + 1;
        for (int i = 0; i < CALLS; i++) {
            seq++;
            appendOne(log0, world0, seq);
            appendOne(log1, world1, seq);
        }
        log0.drainRuns((c, s, calls, k, nb, root, op, count, t, ts, site) -> {
            if (ring0.addOwn(shapes0.intern(c.id(), k, nb, root, op, count, t, ts, site), s, calls) != null) {
                mismatches++;
            }
        });
        log1.drainRuns((c, s, calls, k, nb, root, op, count, t, ts, site) ->
                toRank0.add(shapes1.intern(c.id(), k, nb, root, op, count, t, ts, site), s, calls));
        byte[] message = toRank0.take();
        fromRank1.decodeRuns(message, message.length, (shape, s, calls) -> {
            if (ring0.addNeighbour(shape, s, calls) != null) {
                mismatches++;
            }
        });
        bh.consume(message.length + first);
        bh.consume(mismatches);
    }

    private void appendOne(CollectiveLog log, CommIdentity comm, long n) {
        if ((n & 1) == 0 || "loop".equals(pattern)) {
            log.append(comm, n, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, barrierSite);
        } else {
            log.append(comm, n, CollectiveKind.ALL_REDUCE, false, -1, 3, 1, 6, 4, allReduceSite);
        }
    }
}
