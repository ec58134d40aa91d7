package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.core.trace.TraceReader;

/**
 * Traces whatever becomes of the rank: a rank killed outright (SIGKILL: no shutdown hook runs) leaves its trace readable up to
 * its last event, since every record is stored into the file's pages as it is made, and
 * {@code mpiguard analyze} reads it and says it is incomplete; a rank whose trace reaches
 * {@code trace-max} stops recording, says so, and the program runs to its end.
 */
class KilledRankTraceTest {

    private static final String PROGRAM = "trace.KilledRank";

    @Test
    void aRankKilledByDashNineLeavesEveryEventItRecordedAndAnalyzeSaysItsTraceIsIncomplete() throws Exception {
        MpiRun.Result r = MpiRun.program(PROGRAM).ranks(2).withAgent("trace=on").run();
        assertFalse(r.timedOut(), r.toString());
        assertNotEquals(0, r.exitCode(), r.toString());
        TraceFile killed = TraceReader.read(r.reportDir().resolve("trace-rank1.mpgt"));
        assertFalse(killed.complete(), "no Finalize, no close");
        List<TraceEvent> completes = killed.events().stream().filter(e -> e.kind() == EventKind.COMPLETE).toList();
        assertEquals(300, completes.size(), r.toString());
        TraceEvent last = killed.events().get(killed.events().size() - 1);
        assertEquals(EventKind.COMPLETE, last.kind(), "the last event is the last receive's completion: " + last);
        assertEquals(299, last.field(3), "its tag");
        assertEquals(SourceMarkers.line(PROGRAM, "LAST-EVENT-SITE"), killed.site(last.site()).line());

        Path copy = Files.createTempDirectory("mpiguard-killed-copy");
        try (Stream<Path> files = Files.list(r.reportDir())) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".mpgt")).toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        Process p = new ProcessBuilder(MpiRun.JDK17_JAVA, "-jar", TraceRuns.ANALYZE_JAR.toAbsolutePath().toString(),
                copy.toString()).redirectErrorStream(true).redirectOutput(copy.resolve("analyze.out").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "analyze finished");
        String out = Files.readString(copy.resolve("analyze.out"));
        assertFalse(out.contains("Exception"), out);
        assertTrue(out.contains("the trace of rank 1 has no end record"), out);
    }

    @Test
    void pastTraceMaxRecordingStopsTheRankSaysSoAndTheProgramEndsNormally() throws Exception {
        MpiRun.Result r = MpiRun.program("trace.ManyMessages").ranks(2).withAgent("trace=on,trace-max=1M").run();
        assertFalse(r.timedOut(), r.toString());
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("reached trace-max=1048576 bytes: recording stops here, the program goes on"),
                r.toString());
        assertTrue(r.stderr().contains("a rank's trace misses events: run mpiguard analyze"), r.toString());
        for (int rank = 0; rank < 2; rank++) {
            Path file = r.reportDir().resolve("trace-rank" + rank + ".mpgt");
            assertTrue(Files.size(file) <= 1 << 20, file + " " + Files.size(file));
            TraceFile t = TraceReader.read(file);
            assertTrue(t.complete(), "closed at Finalize");
            assertTrue(t.dropped() > 0 && t.events().size() > 5_000, t.events().size() + " kept, " + t.dropped()
                    + " dropped");
        }
    }
}
