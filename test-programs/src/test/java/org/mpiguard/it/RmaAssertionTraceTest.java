package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiguard.it.TraceRuns.analyzeCopy;
import static org.mpiguard.it.TraceRuns.assertSilent;
import static org.mpiguard.it.TraceRuns.assertSite;
import static org.mpiguard.it.TraceRuns.endOfRun;
import static org.mpiguard.it.TraceRuns.ranks;
import static org.mpiguard.it.TraceRuns.related;
import static org.mpiguard.it.TraceRuns.summary;
import static org.mpiguard.it.TraceRuns.traced;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Assertions of one-sided synchronisation under mpirun with {@code trace=on}: a put into a
 * fence epoch its target asserted MPI.MODE_NOPUT for, and two exclusive locks of one target
 * window asserting MPI.MODE_NOCHECK that nothing orders, a start asserting it that nothing orders
 * after its post, and a start asserting it whose post does not, are rma-conflict warnings with both
 * sides' exact lines, from rank 0's end-of-run analysis, from {@code mpiguard analyze} and
 * from the analysis spread over the ranks at Finalize; assertions that hold are silent.
 */
class RmaAssertionTraceTest {

    private static final String PKG = "trace.";
    private static final String NOPUT = PKG + "AssertNoPutBug";
    private static final String NOCHECK = PKG + "AssertNoCheckBug";
    private static final String NOCHECK_START = PKG + "AssertNoCheckStartBug";
    private static final String NOCHECK_PAIR = PKG + "AssertNoCheckPairBug";

    /** The one rma-conflict finding whose message starts with {@code [id]}. */
    private static JsonNode one(List<JsonNode> findings, String id, MpiRun.Result r) {
        List<JsonNode> of = findings.stream().filter(f -> f.get("kind").asText().equals("rma-conflict")
                && f.get("message").asText().startsWith("[" + id + "] ")).toList();
        assertEquals(1, of.size(), "one " + id + " finding in " + findings + "\n" + r);
        return of.get(0);
    }

    private static void assertNoPutFound(MpiRun.Result r, List<JsonNode> findings) throws Exception {
        JsonNode f = one(findings, "rma.assert-noput", r);
        assertEquals("warning", f.get("severity").asText());
        assertEquals("Win.put", f.get("op").asText());
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), NOPUT, "PUT-SITE");
        assertEquals(Set.of("1:" + SourceMarkers.line(NOPUT, "NOPUT-FENCE")), related(f));
        assertTrue(f.get("message").asText().contains("Drop MPI.MODE_NOPUT"), f.toString());
    }

    @Test
    void aPutIntoAFenceEpochItsTargetAssertedNoPutForIsFoundAtBothLines() throws Exception {
        MpiRun.Result r = traced(NOPUT, 2);
        assertEquals(0, r.exitCode(), r.toString());
        List<JsonNode> findings = endOfRun(r);
        assertNoPutFound(r, findings);
        assertTrue(r.stderr().contains("WARNING rma-conflict"), "rank 0 prints it\n" + r);
        assertEquals(summary(findings, Set.of("rma-conflict")), summary(analyzeCopy(r), Set.of("rma-conflict")),
                "mpiguard analyze on a copy finds the same");
    }

    /** The analysis spread over the ranks at Finalize: the origin's rank ships the put to the target's. */
    @Test
    void theBrokenNoPutIsFoundWhenEveryRankAnalysesItsOwnTrace() throws Exception {
        MpiRun.Result r = MpiRun.program(NOPUT).ranks(2).withAgent("trace=on,trace-analysis-max=8").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("spread over the 2 ranks"), r.toString());
        assertNoPutFound(r, endOfRun(r));
    }

    @Test
    void noPutAssertedOnlyWhereNoPutLandsIsSilent() throws Exception {
        assertSilent(traced(PKG + "AssertNoPutTruthful", 2));
    }

    @Test
    void twoUnorderedExclusiveLocksAssertingNoCheckAreFoundAndTheirPutsARace() throws Exception {
        MpiRun.Result r = traced(NOCHECK, 3);
        assertEquals(0, r.exitCode(), r.toString());
        List<JsonNode> findings = endOfRun(r);
        JsonNode f = one(findings, "rma.assert-nocheck", r);
        assertEquals("warning", f.get("severity").asText());
        assertEquals("Win.lock", f.get("op").asText());
        assertEquals(List.of(0, 1, 2), ranks(f));
        assertSite(f.get("site"), NOCHECK, "LOCK-0");
        assertEquals(Set.of("2:" + SourceMarkers.line(NOCHECK, "LOCK-2")), related(f));
        JsonNode race = one(findings, "rma.put-put", r);
        assertSite(race.get("site"), NOCHECK, "PUT-0");
        assertEquals(Set.of("2:" + SourceMarkers.line(NOCHECK, "PUT-2")), related(race));
        assertFoundTheSameElsewhere(NOCHECK, 3, 12, r, findings);
    }

    /**
     * {@code mpiguard analyze} on a copy of the run's traces, and the analysis spread over the
     * job's ranks at Finalize (each rank's share at most {@code max} events), find the same
     * rma-conflict findings as rank 0's end-of-run analysis.
     */
    private static void assertFoundTheSameElsewhere(String program, int ranks, int max, MpiRun.Result r,
                                                    List<JsonNode> findings) throws Exception {
        assertEquals(summary(findings, Set.of("rma-conflict")), summary(analyzeCopy(r), Set.of("rma-conflict")),
                "mpiguard analyze on a copy finds the same");
        MpiRun.Result spread = MpiRun.program(program).ranks(ranks).withAgent("trace=on,trace-analysis-max=" + max).run();
        assertTrue(spread.stderr().contains("spread over the " + ranks + " ranks"), spread.toString());
        assertEquals(summary(findings, Set.of("rma-conflict")), summary(endOfRun(spread), Set.of("rma-conflict")),
                "the analysis spread over the ranks finds the same");
    }

    @Test
    void aNoCheckLockOrderedBeforeTheOtherRanksLockByABarrierIsSilent() throws Exception {
        assertSilent(traced(PKG + "AssertNoCheckOrdered", 3));
    }

    @Test
    void sharedLocksAndLockAllAssertingNoCheckAreSilent() throws Exception {
        assertSilent(traced(PKG + "AssertNoCheckShared", 4));
    }

    /** A start asserting MPI.MODE_NOCHECK that nothing orders after its post: the start's and the post's lines. */
    @Test
    void aStartAssertingNoCheckThatNothingOrdersAfterItsPostIsFoundAtBothLines() throws Exception {
        assertStartAgainstPost(NOCHECK_START, "rma.assert-nocheck-start");
    }

    /**
     * Runs a 2-rank program whose rank 0 starts (line START-0) an epoch on rank 1's post (line
     * POST-1) and asserts its one {@code id} warning at both lines, found the same by {@code
     * mpiguard analyze} and by the spread analysis (the post shipped to the start's rank).
     */
    private static List<JsonNode> assertStartAgainstPost(String program, String id) throws Exception {
        MpiRun.Result r = traced(program, 2);
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stdout().contains("rank 1 holds 42"), "the program ran as without the agent\n" + r);
        List<JsonNode> findings = endOfRun(r);
        JsonNode f = one(findings, id, r);
        assertEquals("warning", f.get("severity").asText());
        assertEquals("Win.start", f.get("op").asText());
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), program, "START-0");
        assertEquals(Set.of("1:" + SourceMarkers.line(program, "POST-1")), related(f));
        assertFoundTheSameElsewhere(program, 2, 16, r, findings);
        return findings;
    }

    /** The twin of both: post and start assert MPI.MODE_NOCHECK, and a barrier orders the post first. */
    @Test
    void aNoCheckStartAfterABarrierThatFollowsItsPostIsSilent() throws Exception {
        assertSilent(traced(PKG + "AssertNoCheckStartOrdered", 2));
    }

    /**
     * A start asserting MPI.MODE_NOCHECK whose post, ordered before it by a barrier, does not:
     * only the pair check speaks (the start is ordered after its post), at both lines.
     */
    @Test
    void aStartAssertingNoCheckWhosePostDoesNotIsFoundAtBothLines() throws Exception {
        List<JsonNode> findings = assertStartAgainstPost(NOCHECK_PAIR, "rma.assert-nocheck-pair");
        String message = findings.stream().filter(x -> x.get("message").asText().startsWith("[rma.assert-nocheck-pair]"))
                .findFirst().orElseThrow().get("message").asText();
        assertTrue(message.contains("the Win.start of rank 0") && message.contains("asserted it and the matching Win.post"
                + " of rank 1") && message.contains("did not"), "the message says which side asserted it\n" + message);
        assertTrue(findings.stream().noneMatch(x -> x.get("message").asText().startsWith("[rma.assert-nocheck-start]")),
                "the barrier orders the post before the start\n" + findings);
    }
}
