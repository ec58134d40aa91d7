package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code mpiguard check} under real mpirun: the traced run, the analysis with predicted
 * deadlocks, then the replays. A predicted deadlock whose witness changes a wildcard's match
 * is replayed with that match forced and standard sends made synchronous: when the agent
 * finds the replay deadlocked it is an error at the replay's sites, otherwise it stays a
 * warning that says a replay did not reproduce it. A message race the replay confirms is one
 * finding, the replay's error, not that error beside the analysis's warning.
 */
class PredictionReplayTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BY_EXPLORE = -2;
    private static final int BY_ANALYSIS = -3;

    /** What {@code mpiguard check} printed and the findings of its merged report. */
    private record Checked(int exitCode, String output, List<JsonNode> findings) {

        List<JsonNode> of(String kind) {
            return findings.stream().filter(f -> f.get("kind").asText().equals(kind)).toList();
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n" + output + "\nfindings " + findings;
        }
    }

    /** {@code mpiguard check --np N -- java -cp ... Main args}, from this test's class path (cli and the predictor). */
    private static Checked check(String program, int ranks, String... args) throws Exception {
        Path work = Files.createTempDirectory("mpiguard-check");
        List<String> cmd = new ArrayList<>(List.of(MpiRun.JDK17_JAVA, "-cp", System.getProperty("java.class.path"),
                "org.mpiguard.cli.Mpiguard", "check", "--agent-jar", MpiRun.AGENT_JAR.toAbsolutePath().toString(),
                "--budget", "6m", "--np", String.valueOf(ranks), "--allow-run-as-root", "--oversubscribe", "--",
                MpiRun.JDK17_JAVA, "-cp", MpiRun.MPI_JAR + ":" + MpiRun.CLASSES.toAbsolutePath(),
                "org.mpiguard.programs." + program));
        cmd.addAll(List.of(args));
        Path log = work.resolve("check.out");
        Process p = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        boolean ended = p.waitFor(420, TimeUnit.SECONDS);
        if (!ended) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        String output = Files.readString(log);
        assertTrue(ended, "mpiguard check ended\n" + output);
        assertFalse(output.contains("Exception"), output);
        List<JsonNode> findings = new ArrayList<>();
        Path report = work.resolve("mpiguard-report/mpiguard-report.json");
        assertTrue(Files.exists(report), "the check wrote its report\n" + output);
        JSON.readTree(report.toFile()).get("findings").forEach(findings::add);
        return new Checked(p.exitValue(), output, findings);
    }

    private static String at(String program, String marker) throws Exception {
        return SourceMarkers.fileName(program) + ":" + SourceMarkers.line(program, marker);
    }

    /** {@code rank:File.java:line} of the finding's site and of each related call. */
    private static Set<String> sides(JsonNode f) {
        Set<String> sides = new LinkedHashSet<>();
        sides.add(f.get("ranks").get(0).asInt() + ":" + f.get("site").get("file").asText() + ":"
                + f.get("site").get("line").asInt());
        f.get("related").forEach(n -> sides.add(n.get("rank").asInt() + ":" + n.get("site").get("file").asText() + ":"
                + n.get("site").get("line").asInt()));
        return sides;
    }

    /** The one finding of {@code kind}, of {@code severity}, owned by {@code owner} and also reported by {@code also}. */
    private static JsonNode one(Checked c, String kind, String severity, int owner, int also) {
        List<JsonNode> found = c.of(kind);
        assertEquals(1, found.size(), "the finding and its replay's verdict are one\n" + c);
        JsonNode f = found.get(0);
        assertEquals(severity, f.get("severity").asText(), c.toString());
        assertEquals(owner, f.get("reportedBy").asInt(), c.toString());
        assertTrue(also(f).contains(also), c.toString());
        return f;
    }

    private static List<Integer> also(JsonNode f) {
        List<Integer> also = new ArrayList<>();
        f.path("alsoReportedBy").forEach(n -> also.add(n.asInt()));
        return also;
    }

    @Test
    void aPredictionWhoseReplayDeadlocksBecomesAnErrorAtTheReplaysSites() throws Exception {
        String program = "predicted.GoAhead";
        Checked c = check(program, 3);
        assertEquals(86, c.exitCode(), c.toString());
        JsonNode d = one(c, "predicted-deadlock", "error", BY_EXPLORE, BY_ANALYSIS);
        String message = d.get("message").asText();
        assertTrue(message.startsWith("Predicted deadlock confirmed by replay: a replay with the 1st Comm.recv of rank 0"
                + " at " + at(program, "FIRST-RESULT") + " takes rank 2's message"), message);
        assertTrue(message.contains("standard sends made synchronous"), message);
        assertTrue(message.contains("rank 0 blocked in Comm.send at " + at(program, "GO-AHEAD") + " (waits for rank 1)"),
                message);
        assertEquals(Set.of("0:" + at(program, "GO-AHEAD"), "1:" + at(program, "RESULT")), sides(d), c.toString());
        assertTrue(c.output().contains("[replay (confirmed)] Comm.send at " + at(program, "GO-AHEAD")), c.output());
    }

    @Test
    void aPredictionTheProgramDoesNotFollowStaysAWarningThatSaysTheReplayDidNotReproduceIt() throws Exception {
        String program = "predicted.GoAhead";
        Checked c = check(program, 3, "twin");
        assertEquals(0, c.exitCode(), c.toString());
        JsonNode d = one(c, "predicted-deadlock", "warning", BY_ANALYSIS, BY_EXPLORE);
        String message = d.get("message").asText();
        assertTrue(message.startsWith("Unconfirmed: "), message);
        assertTrue(message.contains("mpiguard explore adds: Not reproduced: a replay with the 1st Comm.recv of rank 0"
                + " at " + at(program, "FIRST-RESULT") + " takes rank 2's message"), message);
        assertTrue(message.contains("ran to its end (exit code 0) without deadlock"), message);
        assertTrue(sides(d).containsAll(Set.of("0:" + at(program, "GO-AHEAD"), "1:" + at(program, "RESULT"))),
                sides(d).toString());
        assertEquals(List.of(), c.findings().stream().filter(f -> f.get("severity").asText().equals("error")).toList(),
                c.toString());
    }

    /** The analysis's warning of the race and the replay's error at that receive: one finding, the error. */
    @Test
    void aRaceTheReplayConfirmsIsOneErrorThatOwnsTheReceive() throws Exception {
        String program = "explore.AlternativeDeadlocks";
        Checked c = check(program, 3);
        assertEquals(86, c.exitCode(), c.toString());
        JsonNode race = one(c, "message-race", "error", BY_EXPLORE, BY_ANALYSIS);
        assertEquals(List.of(BY_ANALYSIS), also(race), c.toString());
        assertEquals(Set.of("0:" + at(program, "RACE-RECV"), "1:" + at(program, "EARLY-SEND"),
                "2:" + at(program, "LATE-SEND")), sides(race), c.toString());
        assertTrue(race.get("message").asText().startsWith("Message race confirmed by replay"), c.toString());
    }

    /** The twin reads the Status's source: no warning of its race, and its replay changes nothing. */
    @Test
    void theTwinThatReadsTheSourceHasNoRaceFindingAndNoError() throws Exception {
        Checked c = check("explore.AlternativeDeadlocks", 3, "twin");
        assertEquals(0, c.exitCode(), c.toString());
        assertEquals(List.of(), c.of("message-race"), c.toString());
        assertTrue(c.output().contains("were those of the observed schedule"), "the race was still replayed\n" + c);
    }
}
