package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The hang catalogue: every buggy program that hangs (or polls in vain) must be reported
 * with the right kind, ranks and marked source line, and every correct twin must stay
 * silent. The lines come from marker comments in the programs (DEADLOCK-SITE,
 * FINISHED-SITE, MISMATCH-SITE, LIVELOCK-SITE), so a program can be edited without
 * silently breaking its row here.
 *
 * <p>A row of the catalogue names: the program, its number of ranks, the expected kind,
 * the expected world ranks (for deadlocks and livelocks exactly the finding's ranks; for
 * collective mismatches the set the finding's ranks must lie in), the operations the
 * finding's site may name (a knot that mixes calls may be named by any of its calls, so
 * several are listed; the named source line must call that method), and for collective
 * mismatches the rank that is out of step and must be named, and words the message must
 * contain.
 */
class HangCatalogueTest {

    static final int ABORT_EXIT_CODE = DeadlockDetectionTest.ABORT_EXIT_CODE;
    /** Shorter than the twins' longest wait (3 s), so a twin that waits long must not be taken for a livelock. */
    static final String OPTIONS = "livelock-timeout=1s";
    /** A hang the checker misses fails fast instead of blocking the build. */
    static final Duration HANG_BUDGET = Duration.ofSeconds(25);

    private static Set<Integer> ranks(String spaceSeparated) {
        return Arrays.stream(spaceSeparated.trim().split("\\s+")).map(Integer::valueOf)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<Integer> ranks(JsonNode array) {
        Set<Integer> out = new TreeSet<>();
        array.forEach(n -> out.add(n.asInt()));
        return out;
    }

    private static String markerOf(String kind) {
        switch (kind) {
            case "deadlock":
                return "DEADLOCK-SITE";
            case "collective-mismatch":
                return "MISMATCH-SITE";
            case "livelock":
                return "LIVELOCK-SITE";
            default:
                throw new IllegalArgumentException(kind);
        }
    }

    /** The site is in the program, on a line carrying the marker, and that line calls the op's method. */
    private static void assertMarkedSite(JsonNode site, String op, String program, List<Integer> marked,
            JsonNode finding) throws IOException {
        assertEquals(SourceMarkers.fileName(program), site.get("file").asText(), finding.toString());
        assertEquals("org.mpiguard.programs." + program, site.get("class").asText(), finding.toString());
        int line = site.get("line").asInt();
        assertTrue(marked.contains(line), "line " + line + " is not one of the marked lines " + marked + "\n" + finding);
        String method = op.substring(op.lastIndexOf('.') + 1);
        assertTrue(SourceMarkers.text(program, line).contains(method + "("),
                "line " + line + " does not call " + op + "\n" + finding);
    }

    // collective.CountMismatch and collective.GatherCountMismatch are not rows: Open MPI's
    // own MPI_ERR_TRUNCATE ends them, and the erring rank gives the ring its moment before
    // the job ends (CollectiveErrorCauseTest proves the mismatch is named with both sides).
    @ParameterizedTest(name = "{0} at {1} ranks: {2} on [{3}] in {4}")
    @CsvSource({
        // collective mismatches (ranks: the set the finding's ranks lie in; culprit: must be named)
        "collective.OpMismatch,            3, collective-mismatch, 0 1 2,   Comm.reduce Comm.bcast,        0, reduce bcast",
        "collective.RootMismatch,          3, collective-mismatch, 0 1 2,   Comm.bcast,                    2, root",
        "collective.ReduceOpMismatch,      3, collective-mismatch, 0 1 2,   Comm.allReduce,                2, SUM MAX",
        "collective.DatatypeMismatch,      3, collective-mismatch, 0 1 2,   Comm.bcast,                    0, INT LONG",
        "collective.BlockingVsNonblocking, 3, collective-mismatch, 0 1 2,   Comm.barrier Comm.iBarrier,    0, barrier iBarrier",
        "collective.SubCommMismatch,       6, collective-mismatch, 0 2 4,   Comm.bcast Comm.barrier,       0, bcast barrier",
        "collective.OutOfPhase,            3, collective-mismatch, 0 1 2,   Comm.barrier Comm.allReduce,   1, barrier allReduce",
        "collective.FastLoopOpMismatch,    2, collective-mismatch, 0 1,     Comm.allReduce,                1, SUM MAX",
        // deadlocks (ranks: exactly the finding's ranks)
        "collective.CollectiveAfterFinish, 3, deadlock, 0 1,             Comm.barrier,                    -1, ''",
        "deadlock.SendRecvCycle,           3, deadlock, 0 1 2,           Comm.sendRecv,                   -1, ''",
        "deadlock.ProbeDeadlock,           2, deadlock, 0 1,             Comm.probe,                      -1, ''",
        "deadlock.EightRankRing,           8, deadlock, 0 1 2 3 4 5 6 7, Comm.recv,                       -1, ''",
        "deadlock.SsendSelf,               2, deadlock, 0 1,             Comm.sSend Comm.barrier,         -1, ''",
        "deadlock.LargeSendCycle,          2, deadlock, 0 1,             Comm.send,                       -1, ''",
        "deadlock.HaloShift,               4, deadlock, 0 1 2 3,         Comm.send,                       -1, ''",
        "deadlock.MixedCycle,              2, deadlock, 0 1,             Comm.barrier Comm.recv,          -1, ''",
        "deadlock.SubCommDeadlock,         4, deadlock, 0 1 2 3,         Comm.barrier Comm.recv,          -1, ''",
        "waits.WaitCycle,                  2, deadlock, 0 1,             Request.waitFor,                 -1, ''",
        "waits.WaitAllDeadlock,            4, deadlock, 0 1 2 3,         Request.waitAll,                 -1, ''",
        "waits.WaitAnyDeadlock,            3, deadlock, 0 1 2,           Request.waitAny,                 -1, ''",
        "waits.WaitSomeDeadlock,           3, deadlock, 0 1 2,           Request.waitSome Comm.recv,      -1, ''",
        "waits.NonblockingCollectiveWait,  3, deadlock, 0 1 2,           Request.waitFor Comm.recv,       -1, ''",
        "rma.FenceDeadlock,                3, deadlock, 0 1 2,           Win.fence Comm.recv,             -1, ''",
        "rma.PscwDeadlock,                 3, deadlock, 0 1 2,           Win.start Comm.barrier,          -1, ''",
        "rma.LockChain,                    3, deadlock, 0 1 2,           Win.lock Comm.barrier,           -1, ''",
        "rma.LockHeldByFinished,           3, deadlock, 1,               Win.lock,                        -1, ''",
        "rma.NoCheckPostDeadlock,          2, deadlock, 0 1,             Win.start Win.waitFor,           -1, MODE_NOCHECK",
        // livelocks (ranks: exactly the polling ranks, over all livelock findings)
        "livelock.TestLoopLivelock,        2, livelock, 0,               Request.test,                    -1, ''",
        "livelock.IProbeLivelock,          2, livelock, 0 1,             Comm.iProbe,                     -1, ''",
        "livelock.TestAllLivelock,         3, livelock, 0,               Request.testAll,                 -1, ''",
        "livelock.TestAnyLivelock,         3, livelock, 0,               Request.testAny,                 -1, ''",
    })
    void aBuggyProgramIsReportedAtItsMarkedLine(String program, int ranks, String kind, String expectedRanks,
            String ops, int culprit, String messageWords) throws Exception {
        assertReported(program, ranks, kind, expectedRanks, ops, culprit, messageWords);
    }

    /** Runs a buggy program under the agent, checks its findings against its row, and returns them. */
    private static List<JsonNode> assertReported(String program, int ranks, String kind, String expectedRanks,
            String ops, int culprit, String messageWords) throws Exception {
        MpiRun.Result r = MpiRun.program(program).ranks(ranks).withAgent(OPTIONS).timeout(HANG_BUDGET).run();
        assertFalse(r.timedOut(), "the checker missed the hang\n" + r);
        assertEquals(kind.equals("livelock") ? 0 : ABORT_EXIT_CODE, r.exitCode(), r.toString());
        // A hung program also leaves handles and requests behind; LeakAndErrorTest and RequestLifecycleTest check those.
        List<JsonNode> findings = Findings.read(r.reportDir()).stream()
                .filter(f -> !f.get("kind").asText().equals("resource-leak") && !f.get("kind").asText().equals("request-lifecycle"))
                .collect(java.util.stream.Collectors.toList());
        assertFalse(findings.isEmpty(), "no finding\n" + r);
        for (JsonNode f : findings) {
            assertEquals(kind, f.get("kind").asText(), "only " + kind + " findings\n" + findings);
        }
        List<String> allowedOps = Arrays.asList(ops.trim().split("\\s+"));
        List<Integer> marked = SourceMarkers.lines(program, markerOf(kind));
        for (JsonNode f : findings) {
            String op = f.get("op").asText();
            assertTrue(allowedOps.contains(op), "op " + op + " is not one of " + allowedOps + "\n" + f);
            assertMarkedSite(f.get("site"), op, program, marked, f);
            String message = f.get("message").asText();
            for (String word : messageWords.trim().split("\\s+")) {
                assertTrue(message.toLowerCase().contains(word.toLowerCase()), "message names " + word + "\n" + f);
            }
        }
        switch (kind) {
            case "deadlock":
                assertDeadlock(program, ranks(expectedRanks), findings, r);
                break;
            case "collective-mismatch":
                assertMismatch(program, ranks(expectedRanks), culprit, marked, findings);
                break;
            default:
                assertLivelock(ranks(expectedRanks), findings, r);
        }
        return findings;
    }

    private static void assertDeadlock(String program, Set<Integer> expected, List<JsonNode> findings,
            MpiRun.Result r) throws IOException {
        assertEquals(1, findings.size(), "one deadlock finding\n" + findings);
        JsonNode f = findings.get(0);
        assertEquals("error", f.get("severity").asText());
        assertEquals(expected, ranks(f.get("ranks")), f.toString());
        String message = f.get("message").asText();
        JsonNode site = f.get("site");
        assertTrue(message.contains(SourceMarkers.fileName(program) + ":" + site.get("line").asInt()),
                "the message names the site\n" + f);
        List<Integer> blockedLines = SourceMarkers.lines(program, "DEADLOCK-SITE");
        JsonNode status = f.get("status");
        Set<Integer> seen = new TreeSet<>();
        for (int i = 0; i < status.size(); i++) {
            JsonNode s = status.get(i);
            int rank = s.get("rank").asInt();
            seen.add(rank);
            if (expected.contains(rank)) {
                assertEquals("blocked", s.get("state").asText(), "rank " + rank + " is blocked\n" + f);
                int line = s.get("site").get("line").asInt();
                assertTrue(blockedLines.contains(line), "rank " + rank + " blocked at marked line, not " + line
                        + "\n" + f);
            }
        }
        assertTrue(seen.containsAll(expected), "a status for every deadlocked rank\n" + f);
        List<Integer> finished = SourceMarkers.lines(program, "FINISHED-SITE");
        for (int line : finished) {
            boolean listed = false;
            for (JsonNode s : status) {
                listed |= s.get("state").asText().equals("finished") && s.get("site").get("line").asInt() == line;
            }
            assertTrue(listed, "a rank finished at line " + line + "\n" + f);
            assertTrue(message.contains(SourceMarkers.fileName(program) + ":" + line),
                    "the message says where a rank finished\n" + f);
        }
        assertTrue(r.stderr().contains("[MPIGuard] ERROR deadlock"), r.stderr());
    }

    private static void assertMismatch(String program, Set<Integer> allowed, int culprit, List<Integer> marked,
            List<JsonNode> findings) throws IOException {
        Set<Integer> named = new TreeSet<>();
        for (JsonNode f : findings) {
            assertEquals("error", f.get("severity").asText());
            Set<Integer> ranks = ranks(f.get("ranks"));
            assertFalse(ranks.isEmpty(), f.toString());
            assertTrue(allowed.containsAll(ranks), "ranks " + ranks + " lie in " + allowed + "\n" + f);
            named.addAll(ranks);
            int line = f.get("site").get("line").asInt();
            boolean otherSide = false;
            for (JsonNode rel : f.get("related")) {
                int relLine = rel.path("site").path("line").asInt();
                otherSide |= marked.contains(relLine) && (relLine != line || marked.size() == 1);
            }
            assertTrue(otherSide, "related names the other marked call\n" + f);
            String message = f.get("message").asText();
            for (JsonNode call : List.of(f, f.get("related").get(0))) {
                String op = call.get("op").asText();
                assertTrue(message.contains(op.substring(op.lastIndexOf('.') + 1)), "message names " + op + "\n" + f);
            }
        }
        assertTrue(named.contains(culprit), "rank " + culprit + " is out of step and must be named\n" + findings);
    }

    private static void assertLivelock(Set<Integer> expected, List<JsonNode> findings, MpiRun.Result r) {
        Set<Integer> polling = new TreeSet<>();
        for (JsonNode f : findings) {
            assertEquals("warning", f.get("severity").asText(), f.toString());
            polling.addAll(ranks(f.get("ranks")));
        }
        assertEquals(expected, polling, findings.toString());
        assertFalse(r.stdout().isBlank(), "the job went on after the warning\n" + r);
    }

    @ParameterizedTest(name = "twin {0} at {1} ranks stays silent")
    @CsvSource({
        "collective.OpMismatchFixed, 3",
        "collective.RootMismatchFixed, 3",
        "collective.ReduceOpMismatchFixed, 3",
        "collective.CountMismatchFixed, 3",
        "collective.DatatypeMismatchFixed, 3",
        "collective.BlockingVsNonblockingFixed, 3",
        "collective.SubCommMismatchFixed, 6",
        "collective.GatherCountMismatchFixed, 4",
        "collective.OutOfPhaseFixed, 3",
        "collective.FastLoopOpMismatchFixed, 2",
        "collective.CollectiveAfterFinishFixed, 3",
        "deadlock.SendRecvCycleFixed, 3",
        "deadlock.ProbeFixed, 2",
        "deadlock.EightRankRingFixed, 8",
        "deadlock.SsendSelfFixed, 2",
        "deadlock.LargeSendCycleFixed, 2",
        "deadlock.MixedCycleFixed, 2",
        "deadlock.SubCommDeadlockFixed, 4",
        "deadlock.ThreadedDeadlockFixed, 2",
        "waits.WaitCycleFixed, 2",
        "waits.WaitAllFixed, 4",
        "waits.WaitAnyFixed, 3",
        "waits.WaitSomeFixed, 3",
        "waits.NonblockingCollectiveWaitFixed, 3",
        "rma.FenceFixed, 3",
        "rma.PscwFixed, 3",
        "rma.LockChainFixed, 3",
        "rma.LockHeldByFinishedFixed, 3",
        "trace.AssertNoCheckStartOrdered, 2",
        "livelock.TestLoopFixed, 2",
        "livelock.IProbeFixed, 2",
        "livelock.TestAllFixed, 3",
        "livelock.TestAnyFixed, 3",
    })
    void aCorrectTwinStaysSilent(String program, int ranks) throws Exception {
        MpiRun.Result r = MpiRun.program(program).ranks(ranks).withAgent(OPTIONS).timeout(HANG_BUDGET).run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(Findings.read(r.reportDir()).isEmpty(), r.toString());
        assertFalse(r.stderr().contains("[MPIGuard]"), r.stderr());
        assertFalse(r.stdout().isBlank(), "rank 0 prints its result");
    }

    /**
     * The neighbours of a slow rank wait in sendRecv, matched with each other, for many
     * timeouts; with the shortest timeout every such wait is looked at twice, and none may
     * be taken for a deadlock.
     */
    @Test
    void matchedSendRecvWaitsBehindASlowRankAreNoDeadlockEvenUnderTheShortestTimeout() throws Exception {
        MpiRun.Result r = MpiRun.program("deadlock.HaloShiftFixed").ranks(4)
                .withAgent("timeout=100ms," + OPTIONS).timeout(HANG_BUDGET).run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(Findings.read(r.reportDir()).isEmpty(), r.toString());
        assertFalse(r.stderr().contains("[MPIGuard]"), r.stderr());
        assertTrue(r.stdout().contains("checksum"), r.toString());
    }

    @Test
    void hundredThousandCollectivesOnFourCommunicatorsAtSixteenRanksProduceNoFinding() throws Exception {
        MpiRun.Result r = MpiRun.program("scale.ManyCollectives").ranks(16).withAgent(OPTIONS)
                .timeout(Duration.ofSeconds(120)).run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(Findings.read(r.reportDir()).isEmpty(), r.toString());
        assertFalse(r.stderr().contains("[MPIGuard]"), r.stderr());
        assertTrue(r.stdout().contains("checksum"), r.toString());
        System.out.println("ManyCollectives at 16 ranks under the agent: " + r.elapsed().toMillis() + " ms");
    }

    @Test
    void aSixteenRankDeadlockIsReportedWithinFiveSecondsOfTheHang() throws Exception {
        String program = "scale.Sixteen";
        MpiRun.Result r = MpiRun.program(program).ranks(16).withAgent(OPTIONS).timeout(Duration.ofSeconds(40)).run();
        assertEquals(ABORT_EXIT_CODE, r.exitCode(), r.toString());
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEquals(1, findings.size(), findings.toString());
        JsonNode f = findings.get(0);
        assertEquals("deadlock", f.get("kind").asText());
        Set<Integer> all = new TreeSet<>();
        for (int i = 0; i < 16; i++) {
            all.add(i);
        }
        assertEquals(all, ranks(f.get("ranks")));
        assertEquals(SourceMarkers.line(program, "DEADLOCK-SITE"), f.get("site").get("line").asInt());
        long hang = 0;
        List<Long> blockedAt = r.blockedAt();
        assertEquals(16, blockedAt.size(), "every rank says when it blocks\n" + r);
        for (long t : blockedAt) {
            hang = Math.max(hang, t);
        }
        long reported = Files.getLastModifiedTime(r.reportDir().resolve("findings-rank0.jsonl")).toMillis();
        long latency = reported - hang;
        System.out.println("hang to finding at 16 ranks: " + latency + " ms");
        assertTrue(latency >= 0 && latency < 5_000, "latency " + latency + " ms");
    }

    @Test
    void theStatusOfAThreadedRankNamesBothOfItsBlockedThreads() throws Exception {
        List<JsonNode> findings = assertReported("deadlock.ThreadedDeadlock", 2, "deadlock", "0 1",
                "Comm.barrier Comm.recv", -1, "");
        JsonNode status = findings.get(0).get("status");
        Set<String> threadsOfRank0 = new TreeSet<>();
        for (int i = 0; i < status.size(); i++) {
            if (status.get(i).get("rank").asInt() == 0) {
                threadsOfRank0.addAll(status.get(i).findValuesAsText("thread"));
            }
        }
        assertEquals(Set.of("main", "result-receiver"), threadsOfRank0,
                "rank 0's status names both of its blocked threads\n" + status);
    }
}
