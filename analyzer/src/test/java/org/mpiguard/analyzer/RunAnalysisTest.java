package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.report.FindingKeys;
import org.mpiguard.core.trace.HandleKind;

/** Rank 0's end-of-run analysis: what the online checks own left out, quiet when clean, whole traces only. */
class RunAnalysisTest {

    private static final int INT = 5;
    private static final int FLOAT = 7;

    @TempDir
    Path dir;

    private String analyse(Path traces) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RunAnalysis.atEndOfRun(traces, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aTypeMismatchIsReportedAndALostMessageOnlyAddsItsSenderToTheOnlineFinding() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 7, INT, 1).send(11, 1, 8, INT, 1);
        run.rank(1).recv(20, 0, 7, FLOAT, 1);
        String out = analyse(run.write(true));
        assertTrue(out.contains("type-mismatch"), out);
        assertFalse(out.contains("resource-leak"), "the receiving rank reported the lost message at Finalize\n" + out);
        assertTrue(out.contains("the traces add to a finding reported online: Lost message: the message sent by rank 0"
                + " at Prog.java:11"), out);
        String file = Files.readString(dir.resolve("findings-analysis.jsonl"));
        assertTrue(file.contains("\"type-mismatch\""), file);
        assertTrue(file.contains("\"key\":\"" + FindingKeys.lostMessage(1, 0, 8) + "\""),
                "written with the key the receiver's online finding has, for the report to merge\n" + file);
    }

    @Test
    void aLeakTheOnlineChecksReportIsNeitherPrintedNorWrittenAgain() throws Exception {
        RunBuilder run = new RunBuilder(dir, 1);
        RunBuilder.Rank zero = run.rank(0);
        zero.rec.handle(zero.site("Intracomm.split", 10), HandleKind.CREATE, HandleKind.COMM, 1, 101, 0, 0, 0);
        assertEquals("", analyse(run.write(true)));
        Path file = dir.resolve("findings-analysis.jsonl");
        assertTrue(!Files.exists(file) || Files.readString(file).isEmpty(), "nothing written");
    }

    @Test
    void withTheOnlineLifecycleChecksOffTheAnalysisReportsTheLeakItself() throws Exception {
        RunBuilder run = new RunBuilder(dir, 1);
        RunBuilder.Rank zero = run.rank(0);
        zero.rec.handle(zero.site("Intracomm.split", 10), HandleKind.CREATE, HandleKind.COMM, 1, 101, 0, 0, 0);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RunAnalysis.atEndOfRun(run.write(true), new PrintStream(bytes, true, StandardCharsets.UTF_8),
                OnlineOwner.of(false, true), 1_000_000);
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("WARNING resource-leak on rank 0: Intracomm.split at Prog.java:10"), out);
        assertTrue(Files.readString(dir.resolve("findings-analysis.jsonl")).contains("resource-leak"));
    }

    /** One INT message from rank 0 received as {@code received} by rank 1. */
    private Path oneMessage(int received) throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 7, INT, 1);
        run.rank(1).recv(20, 0, 7, received, 1);
        return run.write(true);
    }

    @Test
    void tracesPastTheEventBoundAreLeftToAnalyzeAndSaidSo() throws Exception {
        Path traces = oneMessage(FLOAT);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RunAnalysis.atEndOfRun(traces, new PrintStream(bytes, true, StandardCharsets.UTF_8), OnlineOwner.ALL_ON, 3);
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("more than trace-analysis-max=3 for each of the 2 ranks; the end-of-run analysis left"
                + " them to mpiguard analyze "
                + traces), out);
        assertFalse(out.contains("type-mismatch"), out);
        assertFalse(Files.exists(dir.resolve("findings-analysis.jsonl")), "nothing analysed, nothing written");
        assertTrue(analyse(traces).contains("type-mismatch"), "the same traces are analysed under the default bound");
    }

    @Test
    void tracesLargerThanTheFreeHeapAreLeftToAnalyze() throws Exception {
        Path traces = oneMessage(INT);
        String why = EndOfRunBound.refusal(traces, 1_000_000, 1000);
        assertTrue(why != null && why.contains("of heap this JVM has free"), String.valueOf(why));
        assertEquals(null, EndOfRunBound.refusal(traces, 1_000_000, 1L << 30));
    }

    /** The one rule rank 0 applies to traces it reads and to traces on every node's own disk. */
    @Test
    void eachRanksShareFitsUpToTheBoundAndNeverOverflows() {
        assertTrue(RunAnalysis.spreadFits(5, 3, 2), "5 events over 2 ranks: 3 each at most");
        assertFalse(RunAnalysis.spreadFits(5, 2, 2), "5 events over 2 ranks: one rank takes 3");
        assertTrue(RunAnalysis.spreadFits(32, 2, 16));
        assertFalse(RunAnalysis.spreadFits(33, 2, 16));
        assertTrue(RunAnalysis.spreadFits(Long.MAX_VALUE, Long.MAX_VALUE, 4), "no overflow of max x ranks");
        assertTrue(RunAnalysis.spreadFits(7, 7, 0), "no ranks counts as one");
    }

    @Test
    void aCleanRunSaysNothing() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 7, INT, 1);
        run.rank(1).recv(20, 0, 7, INT, 1);
        assertEquals("", analyse(run.write(true)));
    }

    @Test
    void tracesThatDidNotAllReachFinalizeAreNotAnalysedHere() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 7, INT, 1);
        run.rank(1).recv(20, 0, 7, FLOAT, 1);
        String out = analyse(run.write(false));
        assertTrue(out.contains("not all complete") && out.contains("mpiguard analyze"), out);
        assertFalse(out.contains("type-mismatch"), out);
    }
}
