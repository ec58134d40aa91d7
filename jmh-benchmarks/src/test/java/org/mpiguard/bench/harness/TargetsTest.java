package org.mpiguard.bench.harness;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Each target line says its figure, its target, and whether the figure meets it. */
class TargetsTest {

    private static String print(Targets t) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        t.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void figuresWithinTheirTargetsAreMetAndOthersAreNot() {
        Targets t = new Targets();
        t.fixedCostRanks = 4;
        t.fixedCostSeconds = 0.25;
        t.macroKernels = 9;
        t.medianRatio = 1.20;
        t.worstKernel = "jacobi2d";
        t.worstRatio = 1.10;
        t.callHeavyRanks = 2;
        t.callsPerRank = 600_998;
        t.nanosPerCall = 826;
        t.sendRecvRatio = 1.10;
        String out = print(t);
        assertTrue(out.matches("(?s).*mpirun -np 4 hello world +\\+0\\.250 s +\\(target: \\+0\\.3 s or less\\) +met\\n.*"), out);
        assertTrue(out.matches("(?s).*median ratio of 9 kernels +1\\.200 +\\(target: 1\\.05 or better\\) +NOT MET\\n.*"), out);
        assertTrue(out.matches("(?s).*worst kernel \\(jacobi2d\\) +1\\.100 +\\(target: none above 1\\.15\\) +met\\n.*"), out);
        assertTrue(out.matches("(?s).*cg-calls at 2 ranks, \\(agent s - plain s\\) / 600998 calls per rank +826 ns "
                + "+\\(target: 250 ns or less\\) +NOT MET\\n.*"), out);
        assertTrue(out.matches("(?s).*agent on / off +1\\.100 +\\(target: 1\\.10 or better\\) +met\\n.*"), out);
    }

    @Test
    void tracesAreSizedPerKernelOnlyWhereAKernelHadAJobOfItsOwn() {
        Targets t = new Targets();
        t.tracedMedianRatio = 1.05;
        t.traced("cg", 1.05, TraceFootprint.Footprint.NONE); // a job of every kernel (--smoke): no size of its own
        String out = print(t);
        assertTrue(out.contains("traces per kernel, all ranks: n/a (measured when each kernel runs in a job of its own:"
                + " not in --smoke)"), out);
    }

    @Test
    void theOnePerCorePassIsJudgedOnItsOwnLinesBesideTheMainPass() {
        Targets t = new Targets();
        t.macroRanks = 4;
        t.macroKernels = 9;
        t.medianRatio = 1.30;
        t.perCoreRanks = 2;
        t.perCoreKernels = 9;
        t.perCoreMedianRatio = 1.04;
        t.perCoreWorstKernel = "mg";
        t.perCoreWorstRatio = 1.20;
        String out = print(t);
        assertTrue(out.matches("(?s).*macro suite at 4 ranks, median ratio of 9 kernels +1\\.300 .*NOT MET\\n.*"), out);
        assertTrue(out.matches("(?s).*macro suite at 2 ranks \\(one per core\\), median ratio of 9 kernels +1\\.040 "
                + "+\\(target: 1\\.05 or better\\) +met\\n.*"), out);
        assertTrue(out.matches("(?s).*at 2 ranks \\(one per core\\), worst kernel \\(mg\\) +1\\.200 "
                + "+\\(target: none above 1\\.15\\) +NOT MET\\n.*"), out);
        assertTrue(!print(new Targets()).contains("one per core"), "no per-core lines when the pass did not run");
    }

    @Test
    void aFigureNotMeasuredSaysWhyAndIsNeitherMetNorMissed() {
        Targets t = new Targets();
        t.sendRecvWhy = "--no-jmh";
        String out = print(t);
        assertTrue(out.contains("n/a (--no-jmh)"), out);
        assertTrue(!out.contains("met") && !out.contains("NOT MET"), out);
    }
}
