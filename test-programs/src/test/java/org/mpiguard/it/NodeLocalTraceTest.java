package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiguard.it.TraceRuns.assertSite;
import static org.mpiguard.it.TraceRuns.endOfRun;
import static org.mpiguard.it.TraceRuns.one;
import static org.mpiguard.it.TraceRuns.related;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Traces on each node's own disk (a report directory that is a node-local path): every rank
 * of these jobs writes into a directory of its own ({@link MpiRun#reportPerRank}), so rank 0
 * sees no other rank's trace. Rank 0 takes the others' traces over MPI at Finalize and its
 * end-of-run analysis finds what it finds on a shared directory; past what rank 0 analyses
 * alone every rank analyses its own trace with the others' headers sent to it, and past every
 * rank's share rank 0 says where the traces are; no rank is left waiting.
 */
class NodeLocalTraceTest {

    private static final String PKG = "trace.";

    @Test
    void rankZeroTakesTheTracesItDoesNotSeeAndFindsTheMismatchNamingBothSides() throws Exception {
        MpiRun.Result r = MpiRun.program(PKG + "IntAsFloat").ranks(3).reportPerRank().withAgent("trace=on").run();
        assertFalse(r.timedOut(), r.toString());
        assertEquals(0, r.exitCode(), r.toString());
        for (int rank = 1; rank < 3; rank++) {
            Path theirs = r.nodeReportDir(rank).resolve("trace-rank" + rank + ".mpgt");
            assertTrue(Files.exists(theirs), "rank " + rank + " traced on its own disk\n" + r);
            assertArrayEquals(Files.readAllBytes(theirs),
                    Files.readAllBytes(r.reportDir().resolve("trace-rank" + rank + ".mpgt")), "copied whole to rank 0");
            assertFalse(Files.exists(r.nodeReportDir(0).resolve("trace-rank" + rank + ".mpgt.part")));
        }
        JsonNode f = one(endOfRun(r), "type-mismatch", r);
        assertSite(f.get("site"), PKG + "IntAsFloat", "RECV-SITE");
        assertEquals(Set.of("0:" + SourceMarkers.line(PKG + "IntAsFloat", "SEND-SITE")), related(f));
        assertTrue(r.stderr().contains("ERROR type-mismatch"), r.toString());
    }

    @Test
    void aStaleTraceOfRankOnesNameOnRankZerosDiskIsReplacedAndTheTwinIsSilent() throws Exception {
        // an earlier run of the buggy program left its rank 1 trace where this run's rank 0 reports
        MpiRun.Result before = MpiRun.program(PKG + "IntAsFloat").ranks(2).withAgent("trace=on").run();
        assertEquals(0, before.exitCode(), before.toString());
        Path stale = before.reportDir().resolve("trace-rank1.mpgt");
        MpiRun.Result r = MpiRun.program(PKG + "IntAsInt").ranks(2).reportPerRank().withAgent("trace=on")
                .reportHolding(stale).run();
        assertFalse(r.timedOut(), r.toString());
        assertEquals(0, r.exitCode(), r.toString());
        assertArrayEquals(Files.readAllBytes(r.nodeReportDir(1).resolve("trace-rank1.mpgt")),
                Files.readAllBytes(r.reportDir().resolve("trace-rank1.mpgt")), "this run's trace replaced it");
        assertTrue(endOfRun(r).isEmpty(), "no end-of-run finding\n" + r);
        assertFalse(r.stderr().contains("[MPIGuard]"), r.toString());
    }

    @Test
    void tracesPastWhatRankZeroTakesAloneAreAnalysedByEveryRankReadingItsOwn() throws Exception {
        // 5 events: more than rank 0 takes alone, not more than each of the 2 ranks' share
        MpiRun.Result r = MpiRun.program(PKG + "IntAsFloat").ranks(2).reportPerRank()
                .withAgent("trace=on,trace-analysis-max=3").run();
        assertFalse(r.timedOut(), r.toString());
        assertEquals(0, r.exitCode(), r.toString());
        assertFalse(Files.exists(r.reportDir().resolve("trace-rank1.mpgt")), "nothing copied\n" + r);
        assertTrue(r.stderr().contains("(spread over the 2 ranks: the traces are on each node's own disk and hold more"
                + " than trace-analysis-max=3 events for a copy to rank 0)"), r.toString());
        assertTrue(r.stderr().contains("mpiguard analyze repeats it on every node's " + r.reportDir()
                + " put into one)"), r.toString());
        JsonNode f = one(endOfRun(r), "type-mismatch", r);
        assertSite(f.get("site"), PKG + "IntAsFloat", "RECV-SITE");
        assertEquals(Set.of("0:" + SourceMarkers.line(PKG + "IntAsFloat", "SEND-SITE")), related(f));
    }

    @Test
    void tracesPastEveryRanksShareAreLeftWhereTheyAreAndSaidSo() throws Exception {
        MpiRun.Result r = MpiRun.program(PKG + "IntAsFloat").ranks(2).reportPerRank()
                .withAgent("trace=on,trace-analysis-max=2").run();
        assertFalse(r.timedOut(), r.toString());
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("[MPIGuard] rank 0 does not find the traces of rank 1 in " + r.reportDir()
                + " (each node's own directory?), and the traces hold 5 events, more than trace-analysis-max=2"
                + " for each of the 2 ranks: put every node's " + r.reportDir() + " into one directory and run"
                + " mpiguard analyze on it"), r.toString());
        assertFalse(Files.exists(r.reportDir().resolve("trace-rank1.mpgt")), r.toString());
        assertTrue(Files.exists(r.nodeReportDir(1).resolve("trace-rank1.mpgt")), r.toString());
        assertTrue(endOfRun(r).isEmpty(), r.toString());
    }
}
