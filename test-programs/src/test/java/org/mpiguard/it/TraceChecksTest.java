package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.core.trace.TraceReader;

/**
 * The cross-process checks over real traces: each buggy program under mpirun with
 * {@code trace=on} is reported by rank 0's end-of-run analysis (or by {@code mpiguard
 * analyze} when the run could not finish, or for the families the online checks own) with
 * its kind, ranks and the exact lines of both sides; each twin is silent; the analysis of
 * a copy of the directory gives the same findings; a job MPIGuard aborts leaves every
 * event recorded before the abort on disk.
 */
class TraceChecksTest {

    private static final String PKG = "trace.";
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
        return r;
    }

    /** Rank 0's end-of-run findings. */
    private static List<JsonNode> endOfRun(MpiRun.Result r) throws IOException {
        return read(r.reportDir().resolve("findings-analysis.jsonl"));
    }

    private static List<JsonNode> read(Path file) throws IOException {
        List<JsonNode> findings = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                findings.add(JSON.readTree(line));
            }
        }
        return findings;
    }

    /** {@code mpiguard analyze} (the packaged jar, no MPI) on a copy of the run's traces. */
    private static List<JsonNode> analyzeCopy(MpiRun.Result r) throws Exception {
        Path copy = Files.createTempDirectory("mpiguard-traces-copy");
        try (Stream<Path> files = Files.list(r.reportDir())) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".mpgt")).toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        Process p = new ProcessBuilder(MpiRun.JDK17_JAVA, "-jar", ANALYZE_JAR.toAbsolutePath().toString(),
                "--quiet", copy.toString()).redirectErrorStream(true)
                .redirectOutput(copy.resolve("analyze.out").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "analyze finished");
        String out = Files.readString(copy.resolve("analyze.out"));
        assertFalse(out.contains("Exception"), out);
        return read(copy.resolve("findings-analysis.jsonl"));
    }

    private static List<JsonNode> ofKind(List<JsonNode> findings, String kind) {
        return findings.stream().filter(f -> f.get("kind").asText().equals(kind)).collect(Collectors.toList());
    }

    private static JsonNode one(List<JsonNode> findings, String kind, MpiRun.Result r) {
        List<JsonNode> of = ofKind(findings, kind);
        assertEquals(1, of.size(), "one " + kind + " finding in " + findings + "\n" + r);
        return of.get(0);
    }

    private static void assertSite(JsonNode site, String program, String marker) throws IOException {
        assertEquals(SourceMarkers.fileName(PKG + program), site.get("file").asText(), site.toString());
        assertEquals(SourceMarkers.line(PKG + program, marker), site.get("line").asInt(), marker + ": " + site);
    }

    private static List<Integer> ranks(JsonNode f) {
        List<Integer> ranks = new ArrayList<>();
        f.get("ranks").forEach(n -> ranks.add(n.asInt()));
        return ranks;
    }

    /** The related sites as "rank:line". */
    private static Set<String> related(JsonNode f) {
        Set<String> sides = new TreeSet<>();
        f.get("related").forEach(n -> sides.add(n.get("rank").asInt() + ":" + n.get("site").get("line").asInt()));
        return sides;
    }

    private static Set<String> summary(List<JsonNode> findings, Set<String> kinds) {
        return findings.stream().filter(f -> kinds.contains(f.get("kind").asText()))
                .map(f -> f.get("kind").asText() + " " + f.get("ranks") + " " + f.get("site").get("line") + " "
                        + related(f))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static void assertSilent(MpiRun.Result r) throws Exception {
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(endOfRun(r).isEmpty(), "no end-of-run finding\n" + r);
        assertFalse(r.stderr().contains("[MPIGuard]"), r.toString());
        assertTrue(Files.exists(r.reportDir().resolve("trace-rank0.mpgt")), "traces written\n" + r);
    }

    @Test
    void intsReceivedAsFloatsAreATypeMismatchNamingBothSides() throws Exception {
        MpiRun.Result r = traced("IntAsFloat", 2);
        assertEquals(0, r.exitCode(), r.toString());
        List<JsonNode> findings = endOfRun(r);
        JsonNode f = one(findings, "type-mismatch", r);
        assertEquals("error", f.get("severity").asText());
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), "IntAsFloat", "RECV-SITE");
        assertEquals(Set.of("0:" + SourceMarkers.line(PKG + "IntAsFloat", "SEND-SITE")), related(f));
        assertTrue(f.get("message").asText().contains("MPI.INT") && f.get("message").asText().contains("MPI.FLOAT"),
                f.toString());
        assertTrue(r.stderr().contains("ERROR type-mismatch"), "rank 0 prints it\n" + r);
        assertEquals(summary(findings, Set.of("type-mismatch")), summary(analyzeCopy(r), Set.of("type-mismatch")),
                "mpiguard analyze on a copy finds the same");
    }

    @Test
    void intsReceivedAsIntsAreSilent() throws Exception {
        assertSilent(traced("IntAsInt", 2));
    }

    @Test
    void aDerivedTypeOfIntsReceivedAsADerivedTypeOfFloatsIsATypeMismatch() throws Exception {
        MpiRun.Result r = traced("DerivedTypeMismatch", 2);
        JsonNode f = one(endOfRun(r), "type-mismatch", r);
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), "DerivedTypeMismatch", "RECV-SITE");
        assertEquals(Set.of("0:" + SourceMarkers.line(PKG + "DerivedTypeMismatch", "SEND-SITE")), related(f));
        assertSilent(traced("DerivedTypeMismatch", 2, "twin"));
    }

    @Test
    void aReceiveTooShortIsATruncationFoundInTheTracesTheFailedJobLeft() throws Exception {
        MpiRun.Result r = traced("Truncation", 2, "recv");
        assertNotEquals(0, r.exitCode(), "MPI_ERR_TRUNCATE ends the job\n" + r);
        JsonNode f = one(analyzeCopy(r), "type-mismatch", r);
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), "Truncation", "RECV-SITE");
        assertEquals(Set.of("0:" + SourceMarkers.line(PKG + "Truncation", "SEND-SITE")), related(f));
        assertTrue(f.get("message").asText().startsWith("Truncation"), f.toString());
        assertSilent(traced("Truncation", 2, "recv", "twin"));
    }

    @Test
    void aBcastTooShortOnAMemberIsATruncationFoundInTheTracesTheFailedJobLeft() throws Exception {
        MpiRun.Result r = traced("Truncation", 2, "bcast");
        assertNotEquals(0, r.exitCode(), "MPI_ERR_TRUNCATE ends the job\n" + r);
        JsonNode f = one(analyzeCopy(r), "type-mismatch", r);
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), "Truncation", "BCAST-SITE");
        assertEquals(Set.of("0:" + SourceMarkers.line(PKG + "Truncation", "BCAST-SITE")), related(f));
        assertSilent(traced("Truncation", 2, "bcast", "twin"));
    }

    @Test
    void threeSendersToAnAnySourceReceiveRace() throws Exception {
        MpiRun.Result r = traced("ThreeSenders", 4);
        assertEquals(0, r.exitCode(), r.toString());
        List<JsonNode> findings = endOfRun(r);
        List<JsonNode> races = ofKind(findings, "message-race");
        assertFalse(races.isEmpty(), r.toString());
        int send = SourceMarkers.line(PKG + "ThreeSenders", "SEND-SITE");
        JsonNode first = races.stream().filter(f -> ranks(f).equals(List.of(0, 1, 2, 3))).findFirst()
                .orElseThrow(() -> new AssertionError("a race naming all three senders: " + races));
        assertEquals("warning", first.get("severity").asText());
        assertSite(first.get("site"), "ThreeSenders", "RECV-SITE");
        assertEquals(Set.of("1:" + send, "2:" + send, "3:" + send), related(first));
        assertTrue(Files.size(r.reportDir().resolve("message-races.jsonl")) > 0, "races logged for replay");
        assertEquals(summary(findings, Set.of("message-race")), summary(analyzeCopy(r), Set.of("message-race")),
                "mpiguard analyze on a copy finds the same");
        assertSilent(traced("ThreeSenders", 4, "twin"));
    }

    @Test
    void aBarrierThatDoesNotOrderTheSendsHidesARace() throws Exception {
        MpiRun.Result r = traced("BarrierRace", 3);
        JsonNode f = one(endOfRun(r), "message-race", r);
        assertEquals(List.of(0, 1, 2), ranks(f));
        assertSite(f.get("site"), "BarrierRace", "RECV-SITE");
        assertEquals(Set.of("1:" + SourceMarkers.line(PKG + "BarrierRace", "SEND-SITE-1"),
                "2:" + SourceMarkers.line(PKG + "BarrierRace", "SEND-SITE-2")), related(f));
        assertSilent(traced("BarrierRace", 3, "twin"));
    }

    @Test
    void aPriorMessageThatOrdersTheSendLeavesNoRace() throws Exception {
        assertSilent(traced("PriorMessage", 3));
        MpiRun.Result r = traced("PriorMessage", 3, "buggy");
        JsonNode f = one(endOfRun(r), "message-race", r);
        assertEquals(List.of(0, 1, 2), ranks(f));
        assertSite(f.get("site"), "PriorMessage", "RECV-SITE");
        assertEquals(Set.of("1:" + SourceMarkers.line(PKG + "PriorMessage", "SEND-SITE-1"),
                "2:" + SourceMarkers.line(PKG + "PriorMessage", "SEND-SITE-2")), related(f));
    }

    @Test
    void aMessageNeverReceivedIsLostForMpiguardAnalyzeAndLeftToTheOnlineChecksAtTheEndOfTheRun() throws Exception {
        MpiRun.Result r = traced("LostMessage", 2);
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(ofKind(endOfRun(r), "resource-leak").isEmpty(), "the online checks own leaks\n" + r);
        JsonNode f = one(analyzeCopy(r), "resource-leak", r);
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), "LostMessage", "SEND-SITE");
        assertTrue(f.get("message").asText().startsWith("Lost message"), f.toString());
        MpiRun.Result twin = traced("LostMessage", 2, "twin");
        assertSilent(twin);
        assertTrue(ofKind(analyzeCopy(twin), "resource-leak").isEmpty(), twin.toString());
    }

    @Test
    void aJobMpiguardAbortsLeavesEveryRecordedEventOnDisk() throws Exception {
        MpiRun.Result r = MpiRun.program(PKG + "TraceThenAbort").ranks(2).withAgent("trace=on,on-error=abort").run();
        assertEquals(86, r.exitCode(), r.toString());
        TraceFile rank0 = TraceReader.read(r.reportDir().resolve("trace-rank0.mpgt"));
        TraceFile rank1 = TraceReader.read(r.reportDir().resolve("trace-rank1.mpgt"));
        long sends = rank0.events().stream().filter(e -> e.kind() == EventKind.SEND).count();
        long receives = rank1.events().stream().filter(e -> e.kind() == EventKind.RECV).count();
        // the 200 sends; the refused one never reached MPI (the argument check runs first) and is not an event
        assertEquals(200, sends, r.toString());
        assertTrue(receives >= 200, "rank 1's receives: " + receives);
        assertTrue(rank0.events().stream().anyMatch(e -> e.kind() == EventKind.COLLECTIVE), "the barrier");
        assertFalse(rank0.complete(), "no Finalize on an aborted job");
    }
}
