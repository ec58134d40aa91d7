package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Hangs that are no deadlock: ranks waiting in a barrier far past the stall timeout for a
 * rank that spins outside MPI get one {@code stall} warning naming the spinning line (from
 * the running rank's sampled stack) and the waiting ranks' calls; the job goes on. A twin
 * whose slow rank finishes its work in time stays silent.
 */
class StallDetectionTest {

    private static final String OPTIONS = "timeout=500ms,stall-timeout=2s";
    private static final Duration BUDGET = Duration.ofSeconds(40);

    @Test
    void ranksWaitingForASpinningRankGetOneStallNamingTheSpinningLine() throws Exception {
        String program = "stall.SpinningRank";
        MpiRun.Result r = MpiRun.program(program).ranks(3).withAgent(OPTIONS).timeout(BUDGET).run();
        assertEquals(0, r.exitCode(), "a stall is a warning: the job goes on\n" + r);
        assertTrue(r.stdout().contains("spun to"), r.toString());
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEquals(1, findings.size(), "one stall, never a deadlock\n" + findings);
        JsonNode f = findings.get(0);
        assertEquals("stall", f.get("kind").asText(), f.toString());
        assertEquals("warning", f.get("severity").asText());
        assertEquals("[2]", f.get("ranks").toString());
        JsonNode site = f.get("site");
        assertEquals("SpinningRank.java", site.get("file").asText(), f.toString());
        assertEquals(SourceMarkers.line(program, "STALL-SITE"), site.get("line").asInt(), f.toString());
        int waitLine = SourceMarkers.line(program, "WAIT-SITE");
        Set<Integer> waiting = new TreeSet<>();
        for (JsonNode rel : f.get("related")) {
            if (rel.path("site").path("line").asInt() == waitLine) {
                waiting.add(rel.get("rank").asInt());
            }
        }
        assertEquals(Set.of(0, 1), waiting, "both waiting ranks' barriers are named\n" + f);
        String message = f.get("message").asText();
        assertTrue(message.contains("SpinningRank.java:" + waitLine), message);
        assertTrue(message.contains("SpinningRank.spin(SpinningRank.java:" + site.get("line").asInt() + ")"), message);
        assertTrue(r.stderr().contains("[MPIGuard] WARNING stall"), r.stderr());
    }

    /**
     * Every rank waits inside MPI in an intercommunicator's bcast whose root nobody passes: no
     * deadlock the model proves, so one {@code stall} warning names every rank's wait (the job
     * still hangs, as without the agent, until the harness ends it). The rooted twin is silent.
     */
    @Test
    void everyRankWaitingInsideMpiForARootNobodyPassesIsOneHangWarning() throws Exception {
        String program = "collective.IntercommBcastNoRoot";
        MpiRun.Result r = MpiRun.program(program).ranks(4).withAgent(OPTIONS).timeout(Duration.ofSeconds(25)).run();
        assertTrue(r.timedOut(), "the job hangs, as without the agent\n" + r);
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEquals(1, findings.size(), findings.toString());
        JsonNode f = findings.get(0);
        assertEquals("stall", f.get("kind").asText(), f.toString());
        assertEquals("warning", f.get("severity").asText());
        assertEquals("[0,1,2,3]", f.get("ranks").toString());
        int wait = SourceMarkers.line(program, "WAIT-SITE");
        assertEquals(wait, f.get("site").get("line").asInt(), f.toString());
        Set<Integer> related = new TreeSet<>();
        for (JsonNode rel : f.get("related")) {
            assertEquals(wait, rel.path("site").path("line").asInt(), f.toString());
            related.add(rel.get("rank").asInt());
        }
        assertEquals(Set.of(1, 2, 3), related, f.toString());
        assertTrue(f.get("message").asText().contains("MPI.ROOT"), f.toString());

        MpiRun.Result twin = MpiRun.program(program).ranks(4).programArg("rooted").withAgent(OPTIONS).timeout(BUDGET)
                .run();
        assertEquals(0, twin.exitCode(), twin.toString());
        assertTrue(Findings.read(twin.reportDir()).isEmpty(), twin.toString());
        assertTrue(twin.stdout().contains("got 123"), twin.toString());
    }

    @Test
    void aSlowRankThatFinishesItsWorkInTimeIsNoStall() throws Exception {
        MpiRun.Result r = MpiRun.program("stall.SpinningRankFixed").ranks(3).withAgent(OPTIONS).timeout(BUDGET).run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(Findings.read(r.reportDir()).isEmpty(), r.toString());
        assertFalse(r.stderr().contains("[MPIGuard]"), r.stderr());
        assertTrue(r.stdout().contains("spun to"), r.toString());
    }
}
