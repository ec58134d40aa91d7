package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Buggy programs must be reported with the right ranks and lines; their twins must stay silent. */
class DeadlockDetectionTest {

    static final int ABORT_EXIT_CODE = 86;

    private static List<Integer> ints(JsonNode array) {
        List<Integer> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asInt()));
        return out;
    }

    private static JsonNode onlyDeadlock(MpiRun.Result r) throws Exception {
        List<JsonNode> findings = Findings.read(r.reportDir());
        List<JsonNode> deadlocks = findings.stream().filter(f -> f.get("kind").asText().equals("deadlock"))
                .collect(Collectors.toList());
        assertEquals(1, deadlocks.size(), "one deadlock finding\n" + findings + "\n" + r);
        return deadlocks.get(0);
    }

    private static void assertSite(JsonNode site, String program, int line) {
        assertEquals(SourceMarkers.fileName(program), site.get("file").asText());
        assertEquals(line, site.get("line").asInt());
        assertEquals("org.mpiguard.programs." + program, site.get("class").asText());
        assertEquals("main", site.get("method").asText());
    }

    @ParameterizedTest(name = "{0} at {1} ranks is reported in {2} by every rank")
    @CsvSource({
        "deadlock.RecvRecvDeadlock, 2, Comm.recv",
        "deadlock.RecvRecvDeadlock, 4, Comm.recv",
        "deadlock.SsendCycle, 3, Comm.sSend",
        "deadlock.AnySourceDeadlock, 4, Comm.recv",
        "demo.HaloExchange, 4, Comm.recv",
    })
    void everyRankBlockedInPointToPointIsReportedAndTheJobAborts(String program, int ranks, String op)
            throws Exception {
        MpiRun.Result r = MpiRun.program(program).ranks(ranks).withAgent("").run();
        assertEquals(ABORT_EXIT_CODE, r.exitCode(), r.toString());
        JsonNode f = onlyDeadlock(r);
        assertEquals("error", f.get("severity").asText());
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < ranks; i++) {
            all.add(i);
        }
        assertEquals(all, ints(f.get("ranks")));
        assertEquals(op, f.get("op").asText());
        int line = SourceMarkers.line(program, "DEADLOCK-SITE");
        assertSite(f.get("site"), program, line);
        assertEquals(ranks - 1, f.get("related").size());
        for (JsonNode rel : f.get("related")) {
            assertSite(rel.get("site"), program, line);
        }
        assertEquals(ranks, f.get("status").size());
        for (JsonNode s : f.get("status")) {
            assertEquals("blocked", s.get("state").asText());
            assertEquals(op, s.get("op").asText());
            assertEquals(line, s.get("site").get("line").asInt());
            assertEquals("main", s.get("thread").asText());
        }
        String location = SourceMarkers.fileName(program) + ":" + line;
        assertTrue(r.stderr().contains("[MPIGuard] ERROR deadlock on ranks"), r.stderr());
        assertTrue(r.stderr().contains("rank 0 waits in " + op), r.stderr());
        assertTrue(r.stderr().contains("rank " + (ranks - 1) + " waits in " + op), r.stderr());
        assertTrue(r.stderr().contains(location), r.stderr());
        assertFalse(r.stderr().contains("exiting without calling MPI.Finalize"), "no noise after the abort");
    }

    @Test
    void ranksWaitingForARankThatFinishedAreReportedWithWhereItFinished() throws Exception {
        String program = "deadlock.RecvFromFinishedRank";
        MpiRun.Result r = MpiRun.program(program).ranks(3).withAgent("").run();
        assertEquals(ABORT_EXIT_CODE, r.exitCode(), r.toString());
        JsonNode f = onlyDeadlock(r);
        assertEquals(List.of(1, 2), ints(f.get("ranks")));
        assertSite(f.get("site"), program, SourceMarkers.line(program, "DEADLOCK-SITE"));
        JsonNode rank0 = f.get("status").get(0);
        assertEquals("finished", rank0.get("state").asText());
        assertEquals("MPI.Finalize", rank0.get("op").asText());
        assertEquals(SourceMarkers.line(program, "FINISHED-SITE"), rank0.get("site").get("line").asInt());
        boolean relatedNamesRank0 = false;
        for (JsonNode rel : f.get("related")) {
            relatedNamesRank0 |= rel.get("rank").asInt() == 0 && rel.get("op").asText().equals("MPI.Finalize");
        }
        assertTrue(relatedNamesRank0, f.toString());
        assertTrue(f.get("message").asText().contains("rank 0 has already reached MPI.Finalize at "
                + "RecvFromFinishedRank.java:" + SourceMarkers.line(program, "FINISHED-SITE")), f.toString());
        assertFalse(f.get("message").asText().contains("MPI.ANY_SOURCE"), "no wildcard receive to name\n" + f);
    }

    @ParameterizedTest(name = "{0}: the deadlock names the receive from any source that took the message")
    @CsvSource({"deadlock.FirstResultFromAnyone, Comm.recv", "deadlock.FirstResultFromAnyoneNonblocking, Comm.iRecv"})
    void aDeadlockInAReceiveWhoseMessageAWildcardReceiveTookNamesThatReceive(String program, String wildcardOp)
            throws Exception {
        MpiRun.Result r = MpiRun.program(program).ranks(3).withAgent("").run();
        assertEquals(ABORT_EXIT_CODE, r.exitCode(), r.toString());
        JsonNode f = onlyDeadlock(r);
        assertEquals(List.of(0), ints(f.get("ranks")));
        assertSite(f.get("site"), program, SourceMarkers.line(program, "DEADLOCK-SITE"));
        int wildcard = SourceMarkers.line(program, "WILDCARD-SITE");
        boolean namesTheWildcardReceive = false;
        boolean namesTheFinishedSender = false;
        for (JsonNode rel : f.get("related")) {
            if (rel.get("rank").asInt() == 0 && rel.get("op").asText().equals(wildcardOp)) {
                assertSite(rel.get("site"), program, wildcard);
                namesTheWildcardReceive = true;
            }
            namesTheFinishedSender |= rel.get("rank").asInt() == 2 && rel.get("op").asText().equals("MPI.Finalize");
        }
        assertTrue(namesTheWildcardReceive && namesTheFinishedSender, f.toString());
        assertTrue(f.get("message").asText().contains("Earlier, the " + wildcardOp + " from MPI.ANY_SOURCE of rank 0 at "
                + SourceMarkers.fileName(program) + ":" + wildcard + " took a message of rank 2 (tag 3)"), f.toString());
    }

    @Test
    void aClassWithoutDebugInformationIsReportedByClassAndMethod() throws Exception {
        MpiRun.Result r = MpiRun.program("deadlock.RecvRecvDeadlock").ranks(2).withAgent("").withoutDebugInfo().run();
        assertEquals(ABORT_EXIT_CODE, r.exitCode(), r.toString());
        JsonNode site = onlyDeadlock(r).get("site");
        assertEquals("org.mpiguard.programs.deadlock.RecvRecvDeadlock", site.get("class").asText());
        assertEquals("main", site.get("method").asText());
        assertEquals(-1, site.get("line").asInt());
        assertTrue(r.stderr().contains("RecvRecvDeadlock.main"), r.stderr());
    }

    @Test
    void withOnErrorContinueTheDeadlockIsReportedAndTheJobIsLeftAlone() throws Exception {
        MpiRun.Result r = MpiRun.program("deadlock.RecvRecvDeadlock").ranks(2).withAgent("on-error=continue")
                .timeout(Duration.ofSeconds(12)).run();
        assertTrue(r.timedOut(), "the program hangs as it would without the checker\n" + r);
        assertEquals(List.of(0, 1), ints(onlyDeadlock(r).get("ranks")));
    }

    @Test
    void theDeadlockIsReportedWithinTenSecondsOfTheHang() throws Exception {
        MpiRun.Result r = MpiRun.program("deadlock.RecvRecvDeadlock").ranks(4).withAgent("").run();
        assertEquals(ABORT_EXIT_CODE, r.exitCode(), r.toString());
        long hang = r.blockedAt().stream().mapToLong(Long::longValue).max().orElse(0);
        assertTrue(hang > 0, "every rank says when it blocks\n" + r);
        long reported = Files.getLastModifiedTime(r.reportDir().resolve("findings-rank0.jsonl")).toMillis();
        long latency = reported - hang;
        System.out.println("hang to finding at 4 ranks: " + latency + " ms");
        assertTrue(latency >= 0 && latency < 10_000, "latency " + latency + " ms");
    }

    @ParameterizedTest(name = "twin {0} at {1} ranks stays silent")
    @CsvSource({
        "deadlock.RecvRecvFixed, 2",
        "deadlock.RecvRecvFixed, 4",
        "deadlock.SsendCycleFixed, 3",
        "deadlock.RecvFromFinishedRankFixed, 3",
        "deadlock.AnySourceFixed, 4",
        "deadlock.FirstResultFromAnyoneFixed, 3",
        "demo.HaloExchangeFixed, 4",
    })
    void correctTwinsProduceNoFinding(String program, int ranks) throws Exception {
        MpiRun.Result r = MpiRun.program(program).ranks(ranks).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(Findings.read(r.reportDir()).isEmpty(), r.toString());
        assertFalse(r.stderr().contains("[MPIGuard]"), r.stderr());
        assertFalse(r.stdout().isBlank(), "rank 0 prints its result");
    }
}
