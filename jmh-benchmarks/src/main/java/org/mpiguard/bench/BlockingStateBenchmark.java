package org.mpiguard.bench;

import java.util.concurrent.TimeUnit;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;
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
 * What every blocking MPI call pays for deadlock detection: finding the thread's
 * activity record and marking entry and exit, beside a baseline that does the same
 * amount of unrelated work.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class BlockingStateBenchmark {

    private final Object comm = new Object();
    private int site = 17;
    private int peer = 3;

    @Benchmark
    public void baseline(Blackhole bh) {
        bh.consume(comm);
        bh.consume(site + peer);
    }

    @Benchmark
    public void enterAndExitABlockingCall(Blackhole bh) {
        ThreadActivity activity = RankActivity.current();
        activity.enter(WaitKind.RECEIVE, site, comm, peer, ThreadActivity.NO_PEER, 7);
        bh.consume(site + peer);
        activity.exit();
    }
}
