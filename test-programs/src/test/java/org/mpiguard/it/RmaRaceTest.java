package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.TraceReader;

/**
 * RMA conflicts across processes, end to end: the cross-process bugs of MC-Checker's
 * Table II as Java programs, run under mpirun with {@code trace=on}; rank 0's end-of-run
 * analysis must report the conflict as {@code rma-conflict} with both ranks and the exact
 * file:line of both sides (marked {@code // RMA: ...} in the sources), and stay silent on
 * each corrected twin.
 */
class RmaRaceTest {

    private static final String PKG = "rmarace.";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static MpiRun.Result traced(String program) throws Exception {
        return tracedAt(PKG + program, 3);
    }

    private static MpiRun.Result tracedAt(String qualifiedProgram, int ranks, String... args) throws Exception {
        MpiRun run = MpiRun.program(qualifiedProgram).ranks(ranks).withAgent("trace=on");
        for (String a : args) {
            run = run.programArg(a);
        }
        MpiRun.Result r = run.run();
        assertFalse(r.timedOut(), r.toString());
        assertEquals(0, r.exitCode(), r.toString());
        return r;
    }

    /** The rma-conflict findings of rank 0's end-of-run analysis. */
    private static List<JsonNode> conflicts(MpiRun.Result r) throws IOException {
        List<JsonNode> found = new ArrayList<>();
        Path file = r.reportDir().resolve("findings-analysis.jsonl");
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file)) {
                JsonNode f = JSON.readTree(line);
                Findings.assertContract(f, line);
                if (f.get("kind").asText().equals("rma-conflict")) {
                    found.add(f);
                }
            }
        }
        return found;
    }

    /**
     * The one finding whose site is {@code siteMarker} on {@code siteRank} and whose related
     * call is {@code otherMarker} on {@code otherRank}; both ranks among its ranks.
     */
    private static JsonNode conflict(MpiRun.Result r, String program, int siteRank, String siteMarker,
                                     int otherRank, String otherMarker) throws IOException {
        int siteLine = SourceMarkers.line(PKG + program, "RMA: " + siteMarker);
        int otherLine = SourceMarkers.line(PKG + program, "RMA: " + otherMarker);
        String file = SourceMarkers.fileName(PKG + program);
        List<JsonNode> all = conflicts(r);
        List<JsonNode> matching = all.stream()
                .filter(f -> f.get("site").get("file").asText().equals(file)
                        && f.get("site").get("line").asInt() == siteLine
                        && f.get("related").size() == 1
                        && f.get("related").get(0).get("rank").asInt() == otherRank
                        && f.get("related").get(0).get("site").get("file").asText().equals(file)
                        && f.get("related").get(0).get("site").get("line").asInt() == otherLine)
                .toList();
        assertEquals(1, matching.size(), "one rma-conflict " + file + ":" + siteLine + " (rank " + siteRank + ") ~ "
                + file + ":" + otherLine + " (rank " + otherRank + ") in " + all + "\n" + r);
        JsonNode f = matching.get(0);
        assertTrue(ranksOf(f).contains(siteRank) && ranksOf(f).contains(otherRank), f.toString());
        return f;
    }

    private static void assertSilent(String program) throws Exception {
        assertSilent(traced(program));
    }

    private static void assertSilent(MpiRun.Result r) throws Exception {
        assertEquals(List.of(), conflicts(r), r.toString());
    }

    /** The one finding between the two marked sites, of rule {@code rule} and {@code severity}. */
    private static JsonNode rule(MpiRun.Result r, String program, int siteRank, String siteMarker, int otherRank,
                                 String otherMarker, String rule, String severity) throws IOException {
        JsonNode f = conflict(r, program, siteRank, siteMarker, otherRank, otherMarker);
        assertTrue(f.get("message").asText().startsWith("[" + rule + "] "), f.toString());
        assertEquals(severity, f.get("severity").asText(), f.toString());
        assertEquals(1, conflicts(r).size(), "nothing else: " + conflicts(r));
        return f;
    }

    // ---- the values written: a race where every writer wrote the same bytes is a warning ----

    @Test
    void twoPutsOfTheSameValueAreTheBenignSameValueWarning() throws Exception {
        MpiRun.Result r = tracedAt(PKG + "SameValuePuts", 3, "same");
        rule(r, "SameValuePuts", 1, "same-value put 1", 2, "same-value put 2", "rma.same-value", "warning");
    }

    @Test
    void twoPutsOfDifferentValuesAreAnError() throws Exception {
        MpiRun.Result r = tracedAt(PKG + "SameValuePuts", 3, "different");
        rule(r, "SameValuePuts", 1, "same-value put 1", 2, "same-value put 2", "rma.put-put", "error");
    }

    @Test
    void aTargetStoringTheValueARemotePutWritesIsTheBenignWarningToo() throws Exception {
        MpiRun.Result r = tracedAt(PKG + "SameValuePuts", 3, "store");
        rule(r, "SameValuePuts", 0, "same-value store", 1, "same-value put 1", "rma.same-value", "warning");
    }

    @Test
    void anAccumulateWithReplaceOfTheSameValueAsAPutIsTheBenignWarningToo() throws Exception {
        MpiRun.Result r = tracedAt(PKG + "SameValuePuts", 3, "replace");
        rule(r, "SameValuePuts", 1, "same-value put 1", 2, "same-value replace", "rma.same-value", "warning");
    }

    @Test
    void putsAFenceApartAreSilent() throws Exception {
        assertSilent(tracedAt(PKG + "SameValuePuts", 3, "twin"));
    }

    // ---- one origin: its put and get of one slot in one epoch are not ordered ----

    @Test
    void aPutAndAGetOfOneSlotByOneRankInOneEpochConflict() throws Exception {
        MpiRun.Result r = tracedAt(PKG + "PutThenGetOneOrigin", 2);
        JsonNode f = rule(r, "PutThenGetOneOrigin", 0, "one-origin put", 0, "one-origin get", "rma.put-get", "error");
        assertTrue(ranksOf(f).contains(1), "the target is named\n" + f);
    }

    /** A spin lock of compare-and-swap orders the increments through window data: warnings at most, errors without it. */
    @Test
    void incrementsInsideACompareAndSwapSpinLockAreNeverAnErrorAndWithoutItAre() throws Exception {
        for (JsonNode f : conflicts(tracedAt(PKG + "CasSpinLock", 3))) {
            assertEquals("warning", f.get("severity").asText(), f.toString());
        }
        List<JsonNode> unlocked = conflicts(tracedAt(PKG + "CasSpinLock", 3, "unlocked"));
        assertTrue(unlocked.stream().anyMatch(f -> f.get("severity").asText().equals("error")), unlocked.toString());
    }

    /** Win.allocate counts in elements of its address buffer (8-byte longs here): slots 0 and 1 are apart. */
    @Test
    void putsIntoTwoSlotsOfAnAllocatedWindowAreSilentAndIntoOneConflict() throws Exception {
        assertSilent(tracedAt(PKG + "AllocatedWindowSlots", 3));
        rule(tracedAt(PKG + "AllocatedWindowSlots", 3, "race"), "AllocatedWindowSlots", 0, "first slot", 2,
                "second slot", "rma.put-put", "error");
    }

    @Test
    void aGetOfAnotherSlotThanTheOriginsPutIsSilent() throws Exception {
        assertSilent(tracedAt(PKG + "PutThenGetOneOrigin", 2, "fixed"));
    }

    // ---- MPI.NO_OP: an atomic read goes with the accumulates (same_op_no_op) ----

    @Test
    void aPlainGetOfACounterOthersAccumulateIntoIsAnError() throws Exception {
        MpiRun.Result r = tracedAt(PKG + "CounterRead", 3, "get");
        rule(r, "CounterRead", 1, "counter add", 2, "counter get", "rma.put-get", "error");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"noop", "fetch"})
    void anAtomicReadWithNoOpOfTheCounterIsSilent(String mode) throws Exception {
        assertSilent(tracedAt(PKG + "CounterRead", 3, mode));
    }

    // ---- the target's own accesses, through views; request-based operations ----

    @Test
    void aTargetStoringThroughAViewOfASliceOfItsWindowConflictsWithThePut() throws Exception {
        MpiRun.Result r = tracedAt(PKG + "ViewStoreRace", 2);
        rule(r, "ViewStoreRace", 0, "view store", 1, "view put", "rma.store-put", "error");
        assertSilent(tracedAt(PKG + "ViewStoreRace", 2, "twin"));
    }

    /**
     * A counted loop's window accesses, recorded once at the loop's entry while traced: the
     * finding names the access inside the loop; loops that end beside the put's slot, or run
     * after the closing fence, are silent (the recorded range is the loop's, not more).
     */
    @Test
    void aCountedLoopsWindowAccessesConflictWithThePutExactlyWhereTheyOverlapIt() throws Exception {
        rule(tracedAt(PKG + "LoopAccessRace", 2, "load"), "LoopAccessRace", 0, "loop load", 1, "loop put",
                "rma.load-put", "error");
        rule(tracedAt(PKG + "LoopAccessRace", 2, "store"), "LoopAccessRace", 0, "loop store", 1, "loop put",
                "rma.store-put", "error");
        rule(tracedAt(PKG + "LoopAccessRace", 2, "element"), "LoopAccessRace", 0, "loop element store", 1, "loop put",
                "rma.store-put", "error");
        assertSilent(tracedAt(PKG + "LoopAccessRace", 2, "beside"));
        assertSilent(tracedAt(PKG + "LoopAccessRace", 2, "twin"));
    }

    @Test
    void anRGetIsCompleteAtItsWaitSoAMessageAfterTheWaitOrdersTheLaterPut() throws Exception {
        MpiRun.Result r = tracedAt(PKG + "RequestGetOrder", 3);
        rule(r, "RequestGetOrder", 1, "request get", 2, "request put", "rma.put-get", "error");
        assertSilent(tracedAt(PKG + "RequestGetOrder", 3, "twin"));
    }

    @Test
    void lockoptsPutAndGetUnderSharedLocksAreReportedWithBothSites() throws Exception {
        MpiRun.Result r = traced("LockoptsRace");
        JsonNode f = conflict(r, "LockoptsRace", 1, "lockopts put", 2, "lockopts get");
        assertEquals("error", f.get("severity").asText());
        assertEquals(List.of(0, 1, 2), ranksOf(f));
    }

    @Test
    void lockoptsTargetLoadAndStoreAgainstTheRemotePutAreReported() throws Exception {
        MpiRun.Result r = traced("LockoptsRace");
        assertTrue(accessesRecorded(r.reportDir()), "the target's loads and stores of its window are in its trace");
        conflict(r, "LockoptsRace", 0, "lockopts load", 1, "lockopts put");
        conflict(r, "LockoptsRace", 0, "lockopts store", 1, "lockopts put");
    }

    @Test
    void lockoptsInPhasesABarrierApartIsSilent() throws Exception {
        assertSilent("LockoptsRaceFixed");
    }

    @Test
    void thePingPongMonitorsPutRacesWithTheBallsPut() throws Exception {
        MpiRun.Result r = traced("PingPongRace");
        JsonNode f = conflict(r, "PingPongRace", 0, "pingpong put", 2, "pingpong monitor put");
        assertEquals("error", f.get("severity").asText());
        assertTrue(f.get("message").asText().contains("window of rank 1"), f.toString());
    }

    @Test
    void thePingPongMonitorOnItsOwnSlotIsSilent() throws Exception {
        assertSilent("PingPongRaceFixed");
    }

    @Test
    void theJacobiProbeGetRacesWithTheGhostPutOfTheRankTwoAway() throws Exception {
        MpiRun.Result r = traced("JacobiRace");
        // target 1: rank 0's probe reads the right ghost that rank 2 puts into
        JsonNode f = conflict(r, "JacobiRace", 0, "jacobi probe get", 2, "jacobi put");
        assertTrue(f.get("message").asText().contains("in a fence epoch"), f.toString());
    }

    @Test
    void theJacobiProbeOfAnInteriorCellIsSilent() throws Exception {
        assertSilent("JacobiRaceFixed");
    }

    @Test
    void emulatedSharedMemoryIncrementsUnderSharedLocksLoseUpdates() throws Exception {
        MpiRun.Result r = traced("EmulateRace");
        conflict(r, "EmulateRace", 1, "emulate put", 2, "emulate put");
        conflict(r, "EmulateRace", 1, "emulate get", 2, "emulate put");
    }

    @Test
    void emulatedIncrementsUnderOneExclusiveLockAreSilent() throws Exception {
        assertSilent("EmulateRaceFixed");
    }

    /**
     * Windows of sub-communicators: ranks and lock targets are ranks of the window's group, taken
     * as world ranks for the accesses and the locks alike. Exclusive locks on rank 1 of each half
     * order its two puts (silent); shared ones do not (one race per half, on world rank 2's window
     * and on world rank 3's, each naming both puts).
     */
    @Test
    void locksOnTheWindowOfASubCommunicatorOrderItsPutsAndSharedOnesRace() throws Exception {
        assertSilent(tracedAt(PKG + "SubCommunicatorLocks", 4));
        MpiRun.Result r = tracedAt(PKG + "SubCommunicatorLocks", 4, "race");
        JsonNode even = conflict(r, "SubCommunicatorLocks", 0, "half first put", 2, "half second put");
        JsonNode odd = conflict(r, "SubCommunicatorLocks", 1, "half first put", 3, "half second put");
        assertTrue(even.get("message").asText().contains("window of rank 2"), even.toString());
        assertTrue(odd.get("message").asText().contains("window of rank 3"), odd.toString());
        assertEquals("error", even.get("severity").asText(), even.toString());
        assertEquals(2, conflicts(r).size(), "one race per half: " + conflicts(r));
    }

    /** Correct one-sided programs written for the other checks, never meant for this one: no false alarm. */
    @ParameterizedTest(name = "{0} at {1} ranks")
    @CsvSource({"correct.OneSided, 4", "rma.FenceFixed, 3", "rma.PscwFixed, 3", "rma.LockChainFixed, 3",
        "rma.LockHeldByFinishedFixed, 3", "args.OneSidedArgsFixed, 2"})
    void correctOneSidedProgramsOfTheOtherSuitesAreSilent(String program, int ranks) throws Exception {
        MpiRun.Result r = tracedAt(program, ranks);
        assertEquals(List.of(), conflicts(r), r.toString());
    }

    private static List<Integer> ranksOf(JsonNode f) {
        List<Integer> ranks = new ArrayList<>();
        f.get("ranks").forEach(n -> ranks.add(n.asInt()));
        return ranks;
    }

    private static boolean accessesRecorded(Path reportDir) throws Exception {
        try (Stream<Path> files = Files.list(reportDir)) {
            for (Path p : files.filter(p -> p.getFileName().toString().endsWith(".mpgt")).toList()) {
                if (TraceReader.read(p).events().stream().anyMatch(e -> e.kind() == EventKind.ACCESS)) {
                    return true;
                }
            }
        }
        return false;
    }
}
