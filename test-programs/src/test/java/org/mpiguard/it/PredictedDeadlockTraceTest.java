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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Predicted deadlocks from real traces: the program runs to completion under mpirun with
 * {@code trace=on} (Open MPI buffers its small sends), then {@code mpiguard analyze} -
 * the analyzer's entry point in its own JVM with the predictor and Z3 on the class path,
 * as the distribution runs it - predicts the deadlock of the schedule where sends are not
 * buffered, naming every rank's send line and giving the witness. The twins, and the
 * patterns whose later calls follow the message a wildcard took (a master answering
 * {@code status.getSource()}, a work-stealing loop, a probe-then-receive server), stay
 * silent: no finding of the run or of the analysis (a receive whose Status source the
 * program reads is not warned of as a race), exit code 0, and the
 * analysis's summary of the events it read (a silence that the analysis not running would
 * also give fails).
 */
class PredictedDeadlockTraceTest {

    private static final String PKG = "predicted.";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path ANALYZE_JAR = Path.of(System.getProperty("mpiguard.analyzeJar",
            "../analyzer/target/mpiguard-analyze.jar"));
    private static final Pattern SUMMARY = Pattern.compile("analysed (\\d+) events of (\\d+) ranks in \\d+ ms: (\\d+) "
            + "findings?");

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

    /** What {@code mpiguard analyze --predict MODE DIR} did: its exit code, output and findings. */
    private record Analyzed(int exitCode, String output, long events, List<JsonNode> findings) {

        List<JsonNode> predicted() {
            return findings.stream().filter(f -> f.get("kind").asText().equals("predicted-deadlock")).toList();
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n" + output;
        }
    }

    private static Analyzed analyze(MpiRun.Result r, String mode) throws Exception {
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
        assertFalse(text.contains("not analysed"), text);
        Matcher summary = SUMMARY.matcher(text);
        assertTrue(summary.find(), "the analysis ran and said what it read:\n" + text);
        assertEquals(r.reportDir().toFile().listFiles((d, n) -> n.matches("trace-rank\\d+\\.mpgt")).length,
                Integer.parseInt(summary.group(2)), text);
        List<JsonNode> found = new ArrayList<>();
        if (Files.exists(out)) {
            for (String line : Files.readAllLines(out)) {
                found.add(JSON.readTree(line));
            }
        }
        assertEquals(Integer.parseInt(summary.group(3)), found.size(), "every finding said is in " + out + "\n" + text);
        return new Analyzed(p.exitValue(), text, Long.parseLong(summary.group(1)), found);
    }

    /** No finding of the run (online, and rank 0's end-of-run analysis) nor of {@code mpiguard analyze}, which ran. */
    private static void assertSilent(MpiRun.Result r, String mode) throws Exception {
        List<JsonNode> online = new ArrayList<>();
        try (Stream<Path> files = Files.list(r.reportDir())) {
            for (Path f : files.filter(f -> f.getFileName().toString().matches("findings-rank\\d+\\.jsonl")).toList()) {
                for (String line : Files.readAllLines(f)) {
                    online.add(JSON.readTree(line));
                }
            }
        }
        assertEquals(List.of(), online, "the run itself is silent\n" + r);
        Analyzed a = analyze(r, mode);
        assertEquals(0, a.exitCode(), a.toString());
        assertTrue(a.events() > 0, a.toString());
        assertEquals(List.of(), a.findings(), a.toString());
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

    /** The one predicted deadlock of {@code a}: an error (it keeps the run's matches), exit code 1. */
    private static JsonNode onePredictedError(Analyzed a) {
        assertEquals(1, a.predicted().size(), a.toString());
        JsonNode d = a.predicted().get(0);
        assertEquals("error", d.get("severity").asText(), a.toString());
        assertEquals(1, a.exitCode(), a.toString());
        return d;
    }

    @Test
    void headToHeadSendsThatOpenMpiBufferedArePredictedWithBothLinesAndAWitness() throws Exception {
        MpiRun.Result r = traced("HeadToHead", 2);
        JsonNode d = onePredictedError(analyze(r, "zero"));
        assertEquals(List.of("0:" + at("HeadToHead", "SEND-0"), "1:" + at("HeadToHead", "SEND-1")), sides(d));
        String message = d.get("message").asText();
        assertTrue(message.contains("rank 0 sends to rank 1, tag 7 at " + at("HeadToHead", "SEND-0")
                + " and waits for it to be received"), message);
        assertTrue(message.contains("rank 1 sends to rank 0, tag 7 at " + at("HeadToHead", "SEND-1")), message);
        assertFalse(message.contains("Unconfirmed"), message);
        // only a library that does not buffer hangs it; and --predict off runs no prediction
        Analyzed infinite = analyze(r, "infinite");
        assertEquals(List.of(), infinite.predicted(), infinite.toString());
        assertEquals(0, infinite.exitCode(), infinite.toString());
        Analyzed off = analyze(r, "off");
        assertEquals(List.of(), off.predicted(), off.toString());
        assertFalse(off.output().contains("predicted deadlocks ("), off.toString());
    }

    @Test
    void headToHeadThroughSendRecvIsSilent() throws Exception {
        assertSilent(traced("HeadToHead", 2, "twin"), "both");
    }

    /**
     * The ring closes only if rank 0's wildcard takes rank 2's message, as it did in the run
     * or not: a witness that changes the match is a warning that says it is unconfirmed.
     */
    @Test
    void aRingThroughAWildcardReceiveIsPredictedOnEveryRank() throws Exception {
        MpiRun.Result r = traced("WildcardRing", 3);
        Analyzed a = analyze(r, "zero");
        assertEquals(1, a.predicted().size(), a.toString());
        JsonNode d = a.predicted().get(0);
        String ring = at("WildcardRing", "RING-SEND");
        assertEquals(List.of("0:" + at("WildcardRing", "FIRST-SEND"), "1:" + ring, "2:" + ring), sides(d));
        String message = d.get("message").asText();
        boolean unconfirmed = message.startsWith("Unconfirmed: ");
        assertEquals(unconfirmed ? "warning" : "error", d.get("severity").asText(), message);
        assertEquals(unconfirmed ? 0 : 1, a.exitCode(), a.toString());
    }

    @Test
    void aRingWhoseWildcardRankReceivesFirstIsSilent() throws Exception {
        assertSilent(traced("WildcardRing", 3, "twin"), "both");
    }

    /**
     * The master sends the next task to status.getSource(): the witness may not hand it another
     * worker's answer, and a receive whose source the program reads is written for any sender (no
     * message-race warning either).
     */
    @Test
    void aMasterAnsweringTheWorkerItHeardFromIsSilent() throws Exception {
        assertSilent(traced("MasterWorker", 4), "both");
    }

    /** The buggy twin folds the answers in arrival order and never reads the Status: COLLECT's race is warned of. */
    @Test
    void aMasterFoldingAnswersInArrivalOrderWithoutReadingTheStatusIsAMessageRace() throws Exception {
        Analyzed a = analyze(traced("MasterWorker", 4, "fold"), "zero");
        assertEquals(List.of(), a.predicted(), a.toString());
        assertEquals(0, a.exitCode(), a.toString());
        List<JsonNode> races = a.findings().stream().filter(f -> f.get("kind").asText().equals("message-race")).toList();
        assertFalse(races.isEmpty(), a.toString());
        for (JsonNode f : races) {
            assertEquals("warning", f.get("severity").asText(), f.toString());
            assertEquals("0:" + at("MasterWorker", "COLLECT"), sides(f).get(0), f.toString());
        }
        assertEquals(a.findings().size(), races.size(), a.toString());
    }

    @Test
    void aMasterThatPrefetchesASecondTaskIsPredictedAgainstTheWorkersAnswer() throws Exception {
        MpiRun.Result r = traced("MasterWorker", 3, "prefetch");
        JsonNode d = onePredictedError(analyze(r, "zero"));
        List<String> sides = sides(d);
        assertEquals("0:" + at("MasterWorker", "PREFETCH"), sides.get(0), sides.toString());
        assertTrue(sides.get(1).matches("[12]:" + Pattern.quote(at("MasterWorker", "ANSWER"))), sides.toString());
        assertFalse(d.get("message").asText().contains("Unconfirmed"), d.get("message").asText());
    }

    @Test
    void aWorkStealingLoopIsSilent() throws Exception {
        assertSilent(traced("WorkStealing", 4), "both");
    }

    @Test
    void aProbeThenReceiveServerIsSilent() throws Exception {
        assertSilent(traced("ProbeServer", 4), "both");
    }

    @Test
    void aPipelinedClientOfTheProbeServerIsPredictedAgainstTheServersReply() throws Exception {
        MpiRun.Result r = traced("ProbeServer", 2, "pipelined");
        JsonNode d = onePredictedError(analyze(r, "zero"));
        assertEquals(List.of("0:" + at("ProbeServer", "REPLY"), "1:" + at("ProbeServer", "REQUEST")), sides(d));
    }

    /** Each rank blocks in its own send: every rank's SEND-SELF is named, by one finding or one per rank. */
    @Test
    void aBlockingSendToTheRanksOwnLaterReceiveIsPredicted() throws Exception {
        MpiRun.Result r = traced("SelfSend", 2);
        Analyzed a = analyze(r, "zero");
        assertFalse(a.predicted().isEmpty(), a.toString());
        assertEquals(1, a.exitCode(), a.toString());
        String send = at("SelfSend", "SEND-SELF");
        java.util.Set<String> named = new java.util.TreeSet<>();
        for (JsonNode d : a.predicted()) {
            assertEquals("error", d.get("severity").asText(), a.toString());
            assertTrue(d.get("message").asText().contains("sends to rank " + d.get("ranks").get(0).asInt() + ", tag 4 at "
                    + send + " and waits for it to be received"), d.toString());
            named.addAll(sides(d));
        }
        assertEquals(java.util.Set.of("0:" + send, "1:" + send), named, a.toString());
    }

    @Test
    void aSendRecvWithTheRanksOwnSelfIsSilent() throws Exception {
        assertSilent(traced("SelfSend", 2, "twin"), "both");
    }
}
