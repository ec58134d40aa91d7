package org.mpiguard.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code mpiguard explore} from the unpacked distribution under real mpirun: a traced run
 * of a master/worker program ({@code mpiguard run --trace on}), then its races replayed
 * with the other senders forced. Folding in arrival order is confirmed (both schedules, the
 * first differing line), storing by source is cleared, a race whose other match deadlocks
 * is confirmed by the agent's deadlock finding in the replay or, with that check off, by
 * the replay's time limit.
 */
class MpiguardExploreTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PKG = "org.mpiguard.programs.explore.";
    private static final String MASTER_WORKER = "org/mpiguard/programs/explore/MasterWorker.java";
    private static final String DEADLOCKS = "org/mpiguard/programs/explore/AlternativeDeadlocks.java";
    private static final List<String> MPIRUN = List.of("--allow-run-as-root", "--oversubscribe");

    /** The job's words after mpiguard's options: mpirun's, then the java command. */
    private static List<String> job(int ranks, String program, String... args) {
        List<String> job = new ArrayList<>(MPIRUN);
        job.addAll(List.of("-np", String.valueOf(ranks), "--", "java", "-cp", Installation.programClassPath(),
                PKG + program));
        job.addAll(List.of(args));
        return job;
    }

    /**
     * The observed run, traced: it completes with its races warned of; a twin reads the
     * Status's source of its wildcard receive, which is then not warned of (explore still
     * replays it).
     */
    private static Path observed(int ranks, String program, String... args) throws Exception {
        List<String> run = new ArrayList<>(List.of("run", "--trace", "on"));
        run.addAll(job(ranks, program, args));
        Installation.Result r = Installation.mpiguard(run);
        assertEquals(0, r.exitCode(), "the observed run completes\n" + r);
        boolean readsTheSource = List.of(args).contains("twin");
        assertEquals(!readsTheSource, r.stderr().contains("WARNING message-race"), "the traces show a race\n" + r);
        return r.workDir();
    }

    private static Installation.Result explore(Path work, List<String> options, int ranks, String program,
                                               String... args) throws Exception {
        List<String> explore = new ArrayList<>(List.of("explore"));
        explore.addAll(options);
        explore.add("mpiguard-report");
        explore.addAll(job(ranks, program, args));
        return Installation.mpiguard(work, explore, 420);
    }

    private static List<JsonNode> explored(Path work) throws Exception {
        Path file = work.resolve("mpiguard-report/findings-explore.jsonl");
        List<JsonNode> findings = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file)) {
                findings.add(JSON.readTree(line));
            }
        }
        return findings;
    }

    private static String at(JsonNode site) {
        return Installation.at(site);
    }

    private static Set<String> related(JsonNode f) {
        return Installation.related(f);
    }

    @Test
    void foldingResultsInArrivalOrderIsAConfirmedRaceWithBothSchedulesAndTheFirstDifferingLine() throws Exception {
        Path work = observed(4, "MasterWorker");
        Installation.Result r = explore(work, List.of(), 4, "MasterWorker");
        assertEquals(1, r.exitCode(), "a confirmed race\n" + r);
        List<JsonNode> findings = explored(work);
        assertEquals(1, findings.size(), "one receive location, confirmed once\n" + r);
        JsonNode f = findings.get(0);
        assertEquals("message-race", f.get("kind").asText());
        assertEquals("error", f.get("severity").asText());
        assertEquals("Comm.recv", f.get("op").asText());
        assertEquals("MasterWorker.java:" + Installation.lineOf(MASTER_WORKER, "RACE-RECV"), at(f.get("site")));
        assertEquals(0, f.get("ranks").get(0).asInt(), "the master's receive");
        assertEquals(3, f.get("ranks").size(), "the master, the sender it took, the one forced");
        int send = Installation.lineOf(MASTER_WORKER, "RESULT-SEND");
        for (String side : related(f)) {
            assertTrue(side.endsWith(":MasterWorker.java:" + send), side);
        }
        String message = f.get("message").asText();
        assertTrue(message.matches("(?s).*rank 0's output differs at line 1: \"total = \\d+\" in the observed"
                + " schedule, \"total = \\d+\" in the other.*"), message);
        assertTrue(message.matches("(?s).*took the messages of ranks \\d, \\d, \\d in the observed run, of ranks"
                + " \\d \\(forced\\), \\d, \\d in the replay.*"), message);
        assertTrue(r.stdout().contains("ERROR message-race"), r.toString());
        // the traced run's own analysis warned of the same race, so the group may name both reporters
        assertTrue(Files.readString(work.resolve("mpiguard-report/mpiguard-report.html"))
                .matches("(?s).*reported by [^<]*mpiguard explore.*"), "the run's HTML report is written again with it");
    }

    @Test
    void storingResultsBySourceIsClearedAfterEveryAlternative() throws Exception {
        Path work = observed(4, "MasterWorker", "twin");
        Installation.Result r = explore(work, List.of(), 4, "MasterWorker", "twin");
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(explored(work).isEmpty(), r.toString());
        assertTrue(r.stdout().contains("note: explored 3 alternatives of 2 racing receives: every rank's output and the"
                + " exit code were those of the observed schedule"), r.toString());
        assertFalse(r.stdout().contains("ERROR"), r.toString());
    }

    @Test
    void theForcedSenderIsNamedByItsRankInTheReceivesCommunicator() throws Exception {
        Path work = observed(4, "MasterWorker", "reversed");
        Installation.Result r = explore(work, List.of("--max-replays", "1"), 4, "MasterWorker", "reversed");
        assertEquals(1, r.exitCode(), r.toString());
        JsonNode f = explored(work).get(0);
        assertEquals(3, f.get("ranks").get(2).asInt(), "world rank 3 is the master: local rank 0 of the reversed"
                + " communicator\n" + f);
        String forced = f.get("related").get(1).get("rank").asText();
        assertTrue(f.get("message").asText().contains("of ranks " + forced + " (forced)"),
                "the replay's receive took the world rank the plan forced, translated for the communicator\n" + f);
    }

    @Test
    void aRaceWhoseAlternativeDeadlocksIsConfirmedByTheAgentsDeadlockFindingInTheReplay() throws Exception {
        Path work = observed(3, "AlternativeDeadlocks");
        Installation.Result r = explore(work, List.of(), 3, "AlternativeDeadlocks");
        assertEquals(1, r.exitCode(), r.toString());
        List<JsonNode> findings = explored(work);
        assertEquals(1, findings.size(), r.toString());
        JsonNode f = findings.get(0);
        assertEquals(List.of(0, 1, 2), List.of(f.get("ranks").get(0).asInt(), f.get("ranks").get(1).asInt(),
                f.get("ranks").get(2).asInt()));
        assertEquals("AlternativeDeadlocks.java:" + Installation.lineOf(DEADLOCKS, "RACE-RECV"), at(f.get("site")));
        assertEquals(Set.of("1:AlternativeDeadlocks.java:" + Installation.lineOf(DEADLOCKS, "EARLY-SEND"),
                "2:AlternativeDeadlocks.java:" + Installation.lineOf(DEADLOCKS, "LATE-SEND")), related(f));
        String message = f.get("message").asText();
        assertTrue(message.contains("the run deadlocks: rank 0 blocked in Comm.recv at AlternativeDeadlocks.java:"
                + Installation.lineOf(DEADLOCKS, "SECOND-RECV") + " (waits for rank 2)"), message);
        assertTrue(message.contains("took the messages of rank 1 in the observed run, of rank 2 (forced) in the"
                + " replay"), message);
    }

    @Test
    void withTheDeadlockCheckOffTheReplayIsKilledAtItsTimeLimitAndTheRaceConfirmedAsAHang() throws Exception {
        Path work = observed(3, "AlternativeDeadlocks");
        Installation.Result r = explore(work, List.of("--checks", "arguments", "--replay-timeout", "20s"), 3,
                "AlternativeDeadlocks");
        assertEquals(1, r.exitCode(), r.toString());
        assertTrue(explored(work).get(0).get("message").asText().contains("the run did not end within 20 s and was"
                + " killed: it hangs"), r.toString());
        assertTrue(r.stderr().contains("hangs ("), "the replay's verdict as it went\n" + r.stderr());
    }

    @Test
    void theTwinWhoseSecondReceiveTakesTheOtherSenderIsCleared() throws Exception {
        Path work = observed(3, "AlternativeDeadlocks", "twin");
        Installation.Result r = explore(work, List.of(), 3, "AlternativeDeadlocks", "twin");
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stdout().contains("note: explored 1 alternative of 1 racing receive"), r.toString());
    }
}
