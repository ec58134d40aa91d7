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

/** Rank 0's end-of-run analysis: the online families left out, quiet when clean, whole traces only. */
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
    void aTypeMismatchIsReportedAndALostMessageIsLeftToTheOnlineChecks() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 7, INT, 1).send(11, 1, 8, INT, 1);
        run.rank(1).recv(20, 0, 7, FLOAT, 1);
        String out = analyse(run.write(true));
        assertTrue(out.contains("type-mismatch"), out);
        assertFalse(out.contains("resource-leak"), out);
        String file = Files.readString(dir.resolve("findings-analysis.jsonl"));
        assertTrue(file.contains("\"type-mismatch\"") && !file.contains("resource-leak"), file);
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
