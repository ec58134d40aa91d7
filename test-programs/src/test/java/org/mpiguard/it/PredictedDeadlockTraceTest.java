package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Predicted deadlocks from real traces: the program runs to completion under mpirun with
 * {@code trace=on} (Open MPI buffers its small sends), then {@code mpiguard analyze} -
 * the analyzer's entry point in its own JVM with the predictor and Z3 on the class path,
 * as the distribution runs it - predicts the deadlock of the schedule where sends are not
 * buffered, naming every rank's send line and giving the witness; the twins stay silent.
 */
class PredictedDeadlockTraceTest {

    private static final String PKG = "predicted.";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path ANALYZE_JAR = Path.of(System.getProperty("mpiguard.analyzeJar",
            "../analyzer/target/mpiguard-analyze.jar"));

    private static MpiRun.Result traced(String program, int ranks, String... args) throws Exception {
        MpiRun run = MpiRun.program(PKG + program).ranks(ranks).withAgent("trace=on");
        for (String a : args) {
            run = run.programArg(a);
        }
        MpiRun.Result r = run.run();
        assertFalse(r.timedOut(), r.toString());
        assertEquals(0, r.exitCode(), "the observed run completes\n" + r);
        return r;
    }

    /** The predicted-deadlock findings of {@code mpiguard analyze --predict MODE DIR}. */
    private static List<JsonNode> analyze(MpiRun.Result r, String mode) throws Exception {
        Path out = Files.createTempFile(r.reportDir(), "predicted-" + mode, ".jsonl");
        Files.delete(out);
        Path log = r.reportDir().resolve("analyze-" + mode + ".out");
        Process p = new ProcessBuilder(MpiRun.JDK17_JAVA, "-cp", predictorClassPath(),
                "org.mpiguard.analyzer.AnalyzeCommand", "--predict", mode, "--out", out.toString(),
                r.reportDir().toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "analyze finished");
        String text = Files.readString(log);
        assertFalse(text.contains("Exception"), text);
        assertFalse(text.contains("not on the class path"), text);
        List<JsonNode> found = new ArrayList<>();
        if (Files.exists(out)) {
            for (String line : Files.readAllLines(out)) {
                JsonNode f = JSON.readTree(line);
                if (f.get("kind").asText().equals("predicted-deadlock")) {
                    found.add(f);
                }
            }
        }
        return found;
    }

    /** The packaged analyze jar, then the predictor and Z3 from this test's class path. */
    private static String predictorClassPath() {
        String extra = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> e.contains("predictor") || e.contains("z3-turnkey") || e.contains("turnkey-support"))
                .collect(Collectors.joining(File.pathSeparator));
        assertTrue(extra.contains("predictor"), "the predictor is on the test class path");
        return ANALYZE_JAR.toAbsolutePath() + File.pathSeparator + extra;
    }

    private static List<String> sides(JsonNode f) {
        List<String> sides = new ArrayList<>();
        sides.add(f.get("ranks").get(0).asInt() + ":" + f.get("site").get("file").asText() + ":"
                + f.get("site").get("line").asInt());
        f.get("related").forEach(n -> sides.add(n.get("rank").asInt() + ":" + n.get("site").get("file").asText() + ":"
                + n.get("site").get("line").asInt()));
        return sides;
    }

    private static String at(String program, String marker) throws Exception {
        return SourceMarkers.fileName(PKG + program) + ":" + SourceMarkers.line(PKG + program, marker);
    }

    @Test
    void headToHeadSendsThatOpenMpiBufferedArePredictedWithBothLinesAndAWitness() throws Exception {
        MpiRun.Result r = traced("HeadToHead", 2);
        List<JsonNode> f = analyze(r, "zero");
        assertEquals(1, f.size(), f + "\n" + r);
        JsonNode d = f.get(0);
        assertEquals("error", d.get("severity").asText());
        assertEquals(List.of("0:" + at("HeadToHead", "SEND-0"), "1:" + at("HeadToHead", "SEND-1")), sides(d));
        String message = d.get("message").asText();
        assertTrue(message.contains("rank 0 sends to rank 1, tag 7 at " + at("HeadToHead", "SEND-0")
                + " and waits for it to be received"), message);
        assertTrue(message.contains("rank 1 sends to rank 0, tag 7 at " + at("HeadToHead", "SEND-1")), message);
        // only a library that does not buffer hangs it; and --predict off runs no prediction
        assertTrue(analyze(r, "infinite").isEmpty());
        assertTrue(analyze(r, "off").isEmpty());
    }

    @Test
    void headToHeadThroughSendRecvIsSilent() throws Exception {
        assertTrue(analyze(traced("HeadToHead", 2, "twin"), "both").isEmpty());
    }

    @Test
    void aRingThroughAWildcardReceiveIsPredictedOnEveryRank() throws Exception {
        MpiRun.Result r = traced("WildcardRing", 3);
        List<JsonNode> f = analyze(r, "zero");
        assertEquals(1, f.size(), f + "\n" + r);
        String ring = at("WildcardRing", "RING-SEND");
        assertEquals(List.of("0:" + at("WildcardRing", "FIRST-SEND"), "1:" + ring, "2:" + ring), sides(f.get(0)));
    }

    @Test
    void aRingWhoseWildcardRankReceivesFirstIsSilent() throws Exception {
        assertTrue(analyze(traced("WildcardRing", 3, "twin"), "both").isEmpty());
    }
}
