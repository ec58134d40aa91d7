package org.mpiguard.predict.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import org.mpiguard.predict.analysis.Buffering;
import org.mpiguard.predict.analysis.PredictiveAnalysis;
import org.mpiguard.predict.analysis.Verdict;
import org.mpiguard.predict.model.TraceProgram;

/**
 * A seed table row's program analysed under the row's buffering, once to warm up and then
 * {@code runs} times timed: the verdict with the median wall and CPU seconds, as both the
 * modelled and the measured seed tables print them.
 */
record TimedVerdict(Verdict verdict, double wallSeconds, double cpuSeconds) {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    static TimedVerdict of(SeedTable.Row row, TraceProgram program, int runs) {
        PredictiveAnalysis.Options options = (row.buffering() == Buffering.ZERO
                ? PredictiveAnalysis.Options.zeroBuffer() : PredictiveAnalysis.Options.infiniteBuffer()).firstOnly();
        Verdict verdict = PredictiveAnalysis.analyze(program, options);
        long[] nanos = new long[runs];
        long[] cpu = new long[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            long cpuStart = THREADS.getCurrentThreadCpuTime();
            verdict = PredictiveAnalysis.analyze(program, options);
            cpu[i] = THREADS.getCurrentThreadCpuTime() - cpuStart;
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        Arrays.sort(cpu);
        return new TimedVerdict(verdict, nanos[runs / 2] / 1e9, cpu[runs / 2] / 1e9);
    }
}
