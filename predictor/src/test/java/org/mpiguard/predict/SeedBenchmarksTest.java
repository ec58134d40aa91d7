package org.mpiguard.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.report.Finding;
import org.mpiguard.predict.analysis.Buffering;
import org.mpiguard.predict.analysis.PredictiveAnalysis;
import org.mpiguard.predict.analysis.Verdict;
import org.mpiguard.predict.bench.BenchmarkModels;
import org.mpiguard.predict.bench.SeedTable;
import org.mpiguard.predict.model.Action;
import org.mpiguard.predict.model.TraceProgram;

/** The models of the seed's benchmarks and EMPDD's DTG get the verdicts their papers report. */
class SeedBenchmarksTest {

    @Test
    void dtgDeadlocksUnderZeroBufferingOnRanksZeroOneAndThreeWhenRankTwosMessageWinsTheWildcard() {
        Verdict v = Predict.zero(BenchmarkModels.dtg());
        List<Finding> f = Predict.findings(v);
        assertEquals(1, f.size(), f.toString());
        assertEquals(List.of(0, 1, 3), f.get(0).ranks().stream().sorted().toList());
        assertEquals(List.of("0@Dtg.java:22", "1@Dtg.java:26", "3@Dtg.java:34"),
                Predict.sitesOf(f.get(0)).stream().sorted().toList());
        String message = f.get(0).message();
        assertTrue(message.contains("the wildcard Comm.recv of rank 0 at Dtg.java:21 takes the message of rank 2"), message);
        assertTrue(message.contains("rank 0 sends to rank 3, tag 0 at Dtg.java:22 and waits for it to be received"), message);
    }

    @Test
    void dtgIsSafeUnderInfiniteBuffering() {
        assertTrue(Predict.infinite(BenchmarkModels.dtg()).deadlockFree());
    }

    /** Every row of the seed's Table 1 that runs in a few seconds here; Heat and Monte at 16 are in the benchmark. */
    @Test
    void smallRowsOfTheSeedsTableGetTheSeedsVerdict() {
        for (SeedTable.Row row : SeedTable.ROWS) {
            if (row.procs() > 8 && !row.name().equals("IS") && !row.name().equals("Integrate")) {
                continue;
            }
            TraceProgram program = row.build();
            PredictiveAnalysis.Options options = (row.buffering() == Buffering.ZERO
                    ? PredictiveAnalysis.Options.zeroBuffer() : PredictiveAnalysis.Options.infiniteBuffer()).firstOnly();
            Verdict v = Predict.checked(program, PredictiveAnalysis.analyze(program, options));
            String what = row.name() + " " + row.procs() + " " + row.buffering() + " " + v.stats() + " " + v.limits();
            assertEquals(row.deadlock(), !v.deadlockFree(), what);
            if (!row.deadlock()) {
                assertTrue(v.complete(), "a silent verdict must come from a finished search: " + what);
            }
        }
    }

    @Test
    void heatStarvesANamedReceiveUnderInfiniteBufferingAtItsRightSite() {
        Verdict v = Predict.checked(BenchmarkModels.heat(4),
                PredictiveAnalysis.analyze(BenchmarkModels.heat(4), PredictiveAnalysis.Options.infiniteBuffer()));
        assertFalse(v.deadlockFree());
        assertTrue(Predict.findings(v).stream().anyMatch(f -> f.message().contains("Heat.java:37")));
    }

    /** The models name the lines of the Java ports: each site is a line marked PREDICT: in its source. */
    @Test
    void everyModelSiteIsAMarkedLineOfItsJavaProgram() throws IOException {
        Path dir = Path.of("..", "test-programs", "src", "main", "java", "org", "mpiguard", "programs", "predict");
        for (SeedTable.Row row : SeedTable.ROWS) {
            TraceProgram p = row.model().apply(Math.min(row.procs(), 8));
            for (int r = 0; r < p.size(); r++) {
                for (Action a : p.rank(r)) {
                    if (a.call().site() == null) {
                        continue;
                    }
                    List<String> lines = Files.readAllLines(dir.resolve(a.call().site().file()));
                    String line = lines.get(a.call().site().line() - 1);
                    assertTrue(line.contains("// PREDICT:"), a.call().site().location() + ": " + line);
                }
            }
        }
    }
}
