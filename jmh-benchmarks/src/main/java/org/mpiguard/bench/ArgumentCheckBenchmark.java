package org.mpiguard.bench;

import java.util.concurrent.TimeUnit;
import org.mpiguard.core.args.BaseType;
import org.mpiguard.core.args.Extents;
import org.mpiguard.core.args.HandleSet;
import org.mpiguard.core.args.RankRules;
import org.mpiguard.core.args.ReductionOps;
import org.mpiguard.core.args.RmaEpochs;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The MPI-free part of the argument checks on their success path, alone (no MPI): what
 * a send pays (rank, tag, element type, span against the array), what an allReduce pays
 * for its op, what a put pays for its epoch, and a handle-set lookup, beside a baseline
 * that consumes the same arguments without checking them.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ArgumentCheckBenchmark {

    private final RankRules rules = new RankRules(-2, -1, -1);
    private final int[] buf = new int[1024];
    private final RmaEpochs epochs = new RmaEpochs(64);
    private final HandleSet uncommitted = new HandleSet();
    private final HandleSet tracked = new HandleSet();
    private final Object type = new Object();
    private ReductionOps.Predefined op = ReductionOps.Predefined.SUM;
    private int count = 1000;
    private int dest = 3;
    private int size = 64;
    private int tag = 42;
    private int tagUb = Integer.MAX_VALUE;

    @org.openjdk.jmh.annotations.Setup
    public void setUp() {
        epochs.lock(dest);
        for (int i = 0; i < 100; i++) {
            tracked.add(new Object());
        }
        tracked.add(type);
    }

    @Benchmark
    public void baseline(Blackhole bh) {
        bh.consume(buf);
        bh.consume(count + dest + size + tag);
    }

    /** rank, tag, element type and span of a send of an int[] as MPI.INT. */
    @Benchmark
    public void sendArguments(Blackhole bh) {
        bh.consume(rules.dest(dest, size));
        bh.consume(rules.sendTag(tag, tagUb));
        bh.consume(BaseType.INT.accepts(buf));
        bh.consume(Extents.span(count, 1, 0, 1) <= BaseType.elementsAvailable(buf));
    }

    /** The op of a reduction against its datatype's class. */
    @Benchmark
    public void reductionOp(Blackhole bh) {
        bh.consume(ReductionOps.defined(op, ReductionOps.TypeClass.FLOATING));
    }

    /** Target rank and access epoch of a put inside lock/unlock. */
    @Benchmark
    public void putEpoch(Blackhole bh) {
        bh.consume(rules.target(dest, size));
        bh.consume(epochs.canAccess(dest));
    }

    /** The uncommitted-datatype lookup when every derived type has been committed. */
    @Benchmark
    public void handleSetEmpty(Blackhole bh) {
        bh.consume(uncommitted.contains(type));
    }

    /** The same lookup in a set that holds 101 handles. */
    @Benchmark
    public void handleSetHolding101(Blackhole bh) {
        bh.consume(tracked.contains(type));
    }
}
