package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.report.FindingKind;

/**
 * The analysis on a synthetic 16-rank run. By default 200,000 events so the suite stays
 * quick; {@code -Dmpiguard.scale.events=1000000} gives the figure of the note, and
 * {@code -Dmpiguard.scale.dir=DIR} keeps the traces there for {@code mpiguard analyze DIR}.
 */
class AnalysisScaleTest {

    @Test
    void sixteenRanksOfTracesAreAnalysedInBoundedTimeWithEveryRaceFound(@TempDir Path temp) throws Exception {
        String keep = System.getProperty("mpiguard.scale.dir");
        Path dir = keep == null ? temp : Path.of(keep);
        long events = Long.getLong("mpiguard.scale.events", 200_000);
        long t0 = System.nanoTime();
        int iterations = SyntheticRun.write(dir, 16, events);
        long written = System.nanoTime();
        TraceSet traces = TraceSet.read(dir);
        long read = System.nanoTime();
        Analysis.Result result = Analysis.run(traces);
        long analysed = System.nanoTime();
        System.out.printf("synthetic run: %d events, 16 ranks: write %d ms, read %d ms, analysis %d ms%n",
                traces.eventCount(), (written - t0) / 1_000_000, (read - written) / 1_000_000,
                (analysed - read) / 1_000_000);
        assertTrue(traces.eventCount() >= events * 0.95, "events: " + traces.eventCount());
        assertTrue(result.notes().isEmpty(), result.notes().toString());
        // every master receive but the last of each round races with the workers not yet taken; the last
        // one may race with a far worker's next report, which the ring has not yet ordered after it
        int rounds = (iterations + 4) / 5;
        long notLast = result.races().stream().filter(r -> r.occurrence() % 15 != 0).count();
        assertEquals(rounds * 14, notLast);
        Analyzed a = new Analyzed(result.findings(), result);
        a.none(FindingKind.TYPE_MISMATCH);
        a.none(FindingKind.RESOURCE_LEAK);
        a.none(FindingKind.REQUEST_LIFECYCLE);
        int groups = a.of(FindingKind.MESSAGE_RACE).size();
        assertTrue(groups >= 14 && groups <= 30, "one finding per receive site and set of rivals: " + groups);
        assertTrue((analysed - read) / 1_000_000 < 120_000, "the analysis took too long");
    }
}
