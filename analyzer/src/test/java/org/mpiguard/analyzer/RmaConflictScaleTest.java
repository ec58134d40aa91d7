package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;

/**
 * The RMA conflict check on a synthetic 16-rank halo exchange (fence epochs, lockAll with
 * flush and barriers, accumulates into one counter, the ranks' own loads and stores of
 * their windows). By default 200,000 events; {@code -Dmpiguard.scale.events=1000000} gives
 * the figure of the note, {@code -Dmpiguard.scale.dir=DIR} keeps the traces.
 */
class RmaConflictScaleTest {

    @Test
    void aCorrectSixteenRankHaloExchangeIsSilent(@TempDir Path temp) throws Exception {
        Analysis.Result result = analyse(temp, false);
        assertTrue(result.notes().isEmpty(), result.notes().toString());
        new Analyzed(result.findings(), result).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void oneInjectedConflictingPutAmongThemIsTheOneFinding(@TempDir Path temp) throws Exception {
        Analysis.Result result = analyse(temp, true);
        List<Finding> found = new Analyzed(result.findings(), result).of(FindingKind.RMA_CONFLICT);
        assertEquals(1, found.size(), found.toString());
        Finding f = found.get(0);
        assertEquals(Severity.ERROR, f.severity());
        assertEquals(List.of(3, 4, 5), f.ranks());
        assertEquals("Halo.java:11", f.site().location());
        assertEquals("Halo.java:" + SyntheticRmaRun.INJECTED_LINE, f.related().get(0).site().location());
    }

    private static long cpuMillis(Runnable work) {
        java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
        long t0 = bean.getCurrentThreadCpuTime();
        work.run();
        return (bean.getCurrentThreadCpuTime() - t0) / 1_000_000;
    }

    private static Analysis.Result analyse(Path temp, boolean inject) throws Exception {
        String keep = System.getProperty("mpiguard.scale.dir");
        Path dir = keep == null ? temp : Path.of(keep);
        long events = Long.getLong("mpiguard.scale.events", 200_000);
        SyntheticRmaRun.write(dir, 16, events, inject);
        long t0 = System.nanoTime();
        TraceSet traces = TraceSet.read(dir);
        long read = System.nanoTime();
        Analysis.Result result = Analysis.run(traces);
        long analysed = System.nanoTime();
        System.out.printf("synthetic RMA run: %d events, 16 ranks: read %d ms, analysis %d ms (CPU %d ms; of it "
                        + "the happens-before replay alone %d ms CPU)%n", traces.eventCount(), (read - t0) / 1_000_000,
                (analysed - read) / 1_000_000, cpuMillis(() -> Analysis.run(traces)), cpuMillis(() -> {
                    PointToPoint p2p = PointToPoint.build(traces);
                    HappensBefore.compute(traces, p2p, Collectives.build(traces));
                }));
        assertTrue(traces.eventCount() >= events * 0.95, "events: " + traces.eventCount());
        return result;
    }
}
