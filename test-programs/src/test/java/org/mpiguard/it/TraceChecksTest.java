package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiguard.it.TraceRuns.analyzeCopy;
import static org.mpiguard.it.TraceRuns.assertSilent;
import static org.mpiguard.it.TraceRuns.assertSite;
import static org.mpiguard.it.TraceRuns.endOfRun;
import static org.mpiguard.it.TraceRuns.ofKind;
import static org.mpiguard.it.TraceRuns.one;
import static org.mpiguard.it.TraceRuns.ranks;
import static org.mpiguard.it.TraceRuns.related;
import static org.mpiguard.it.TraceRuns.summary;
import static org.mpiguard.it.TraceRuns.traced;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
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

    @Test
    void intsReceivedAsFloatsAreATypeMismatchNamingBothSides() throws Exception {
        MpiRun.Result r = traced(PKG + "IntAsFloat", 2);
        assertEquals(0, r.exitCode(), r.toString());
        List<JsonNode> findings = endOfRun(r);
        JsonNode f = one(findings, "type-mismatch", r);
        assertEquals("error", f.get("severity").asText());
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), PKG + "IntAsFloat", "RECV-SITE");
        assertEquals(Set.of("0:" + SourceMarkers.line(PKG + "IntAsFloat", "SEND-SITE")), related(f));
        assertTrue(f.get("message").asText().contains("MPI.INT") && f.get("message").asText().contains("MPI.FLOAT"),
                f.toString());
        assertTrue(r.stderr().contains("ERROR type-mismatch"), "rank 0 prints it\n" + r);
        assertEquals(summary(findings, Set.of("type-mismatch")), summary(analyzeCopy(r), Set.of("type-mismatch")),
                "mpiguard analyze on a copy finds the same");
    }

    /**
     * Traces past what rank 0 takes in alone are analysed at Finalize by every rank, each
     * replaying its own trace, rank 0 coordinating and reporting: the same findings as the
     * analysis in one process of a copy of the directory.
     */
    @Test
    void tracesPastTheEndOfRunBoundAreAnalysedByEveryRankAtFinalize() throws Exception {
        MpiRun.Result r = MpiRun.program(PKG + "IntAsFloat").ranks(2).withAgent("trace=on,trace-analysis-max=3").run();
        assertFalse(r.timedOut(), r.toString());
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("(spread over the 2 ranks: the traces hold 5 events, more than"
                + " trace-analysis-max=3): 1 finding"), r.toString());
        assertTrue(r.stderr().contains("ERROR type-mismatch"), r.toString());
        JsonNode f = one(endOfRun(r), "type-mismatch", r);
        assertSite(f.get("site"), PKG + "IntAsFloat", "RECV-SITE");
        assertEquals(Set.of("0:" + SourceMarkers.line(PKG + "IntAsFloat", "SEND-SITE")), related(f));
        assertEquals(summary(endOfRun(r), Set.of("type-mismatch")), summary(analyzeCopy(r), Set.of("type-mismatch")),
                "mpiguard analyze on a copy finds the same");
    }

    /** The race judgement spread over four ranks at Finalize: the race with all three senders, as in one process. */
    @Test
    void anAnySourceRaceIsFoundWhenEveryRankAnalysesItsOwnTrace() throws Exception {
        MpiRun.Result r = MpiRun.program(PKG + "ThreeSenders").ranks(4).withAgent("trace=on,trace-analysis-max=4")
                .run();
        assertFalse(r.timedOut(), r.toString());
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("spread over the 4 ranks"), r.toString());
        List<JsonNode> findings = endOfRun(r);
        assertFalse(ofKind(findings, "message-race").isEmpty(), r.toString());
        assertEquals(summary(findings, Set.of("message-race")), summary(analyzeCopy(r), Set.of("message-race")),
                "mpiguard analyze on a copy finds the same");
        assertSilent(MpiRun.program(PKG + "ThreeSenders").ranks(4).programArg("twin")
                .withAgent("trace=on,trace-analysis-max=4").run());
    }

    /**
     * A rank that cannot write its trace (its file's name is taken by a directory) runs
     * untraced and says so, and still takes part in Finalize's agreement: the job ends
     * normally instead of the other ranks waiting there for it, and nothing is analysed.
     */
    @Test
    void aRankThatCannotWriteItsTraceLeavesNoRankWaitingInFinalize(@org.junit.jupiter.api.io.TempDir Path traces)
            throws Exception {
        Files.createDirectory(traces.resolve("trace-rank1.mpgt"));
        MpiRun.Result r = MpiRun.program(PKG + "IntAsFloat").ranks(2).withAgent("trace=" + traces).run();
        assertFalse(r.timedOut(), r.toString());
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("rank 1 cannot write its trace in " + traces), r.toString());
        assertTrue(r.stderr().contains("a rank's trace misses events"), r.toString());
        assertFalse(Files.exists(traces.resolve("findings-analysis.jsonl")), "nothing analysed");
    }

    /** Past the bound even for every rank's share, the traces are left to {@code mpiguard analyze}, which finds the mismatch. */
    @Test
    void tracesPastTheBoundForEveryRankAreLeftToAnalyzeWhichStillFindsTheMismatch() throws Exception {
        MpiRun.Result r = MpiRun.program(PKG + "IntAsFloat").ranks(2).withAgent("trace=on,trace-analysis-max=1").run();
        assertFalse(r.timedOut(), r.toString());
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("the traces hold 5 events, more than trace-analysis-max=1 for each of the 2"
                + " ranks; the end-of-run analysis left them to mpiguard analyze " + r.reportDir()), r.toString());
        assertTrue(endOfRun(r).isEmpty(), "nothing analysed at the end of the run\n" + r);
        assertFalse(r.stderr().contains("ERROR type-mismatch"), r.toString());
        JsonNode f = one(analyzeCopy(r), "type-mismatch", r);
        assertSite(f.get("site"), PKG + "IntAsFloat", "RECV-SITE");
    }

    @Test
    void intsReceivedAsIntsAreSilent() throws Exception {
        assertSilent(traced(PKG + "IntAsInt", 2));
    }

    @Test
    void aDerivedTypeOfIntsReceivedAsADerivedTypeOfFloatsIsATypeMismatch() throws Exception {
        MpiRun.Result r = traced(PKG + "DerivedTypeMismatch", 2);
        JsonNode f = one(endOfRun(r), "type-mismatch", r);
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), PKG + "DerivedTypeMismatch", "RECV-SITE");
        assertEquals(Set.of("0:" + SourceMarkers.line(PKG + "DerivedTypeMismatch", "SEND-SITE")), related(f));
        assertSilent(traced(PKG + "DerivedTypeMismatch", 2, "twin"));
    }

    @Test
    void aReceiveTooShortIsATruncationFoundInTheTracesTheFailedJobLeft() throws Exception {
        MpiRun.Result r = traced(PKG + "Truncation", 2, "recv");
        assertNotEquals(0, r.exitCode(), "MPI_ERR_TRUNCATE ends the job\n" + r);
        JsonNode f = one(analyzeCopy(r), "type-mismatch", r);
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), PKG + "Truncation", "RECV-SITE");
        assertEquals(Set.of("0:" + SourceMarkers.line(PKG + "Truncation", "SEND-SITE")), related(f));
        assertTrue(f.get("message").asText().startsWith("Truncation"), f.toString());
        assertSilent(traced(PKG + "Truncation", 2, "recv", "twin"));
    }

    @Test
    void aBcastTooShortOnAMemberIsATruncationFoundInTheTracesTheFailedJobLeft() throws Exception {
        MpiRun.Result r = traced(PKG + "Truncation", 2, "bcast");
        assertNotEquals(0, r.exitCode(), "MPI_ERR_TRUNCATE ends the job\n" + r);
        JsonNode f = one(analyzeCopy(r), "type-mismatch", r);
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), PKG + "Truncation", "BCAST-SITE");
        assertEquals(Set.of("0:" + SourceMarkers.line(PKG + "Truncation", "BCAST-SITE")), related(f));
        assertSilent(traced(PKG + "Truncation", 2, "bcast", "twin"));
    }

    @Test
    void threeSendersToAnAnySourceReceiveRace() throws Exception {
        MpiRun.Result r = traced(PKG + "ThreeSenders", 4);
        assertEquals(0, r.exitCode(), r.toString());
        List<JsonNode> findings = endOfRun(r);
        List<JsonNode> races = ofKind(findings, "message-race");
        assertFalse(races.isEmpty(), r.toString());
        int send = SourceMarkers.line(PKG + "ThreeSenders", "SEND-SITE");
        JsonNode first = races.stream().filter(f -> ranks(f).equals(List.of(0, 1, 2, 3))).findFirst()
                .orElseThrow(() -> new AssertionError("a race naming all three senders: " + races));
        assertEquals("warning", first.get("severity").asText());
        assertSite(first.get("site"), PKG + "ThreeSenders", "RECV-SITE");
        assertEquals(Set.of("1:" + send, "2:" + send, "3:" + send), related(first));
        assertTrue(Files.size(r.reportDir().resolve("message-races.jsonl")) > 0, "races logged for replay");
        assertEquals(summary(findings, Set.of("message-race")), summary(analyzeCopy(r), Set.of("message-race")),
                "mpiguard analyze on a copy finds the same");
        assertSilent(traced(PKG + "ThreeSenders", 4, "twin"));
    }

    /**
     * Probe, read the sender, receive that message: the Status read is the mProbe's, which
     * chose the message the mRecv takes, so the master is written to take any sender's
     * message and is not warned of; the same loop that reads no Status is.
     */
    @Test
    void aMasterThatReadsTheSenderOfTheMessageItsProbeChoseIsNotWarnedOf() throws Exception {
        assertSilent(traced(PKG + "ProbeThenReceive", 4));
        MpiRun.Result r = traced(PKG + "ProbeThenReceive", 4, "unread");
        assertEquals(0, r.exitCode(), r.toString());
        List<JsonNode> races = ofKind(endOfRun(r), "message-race");
        JsonNode first = races.stream().filter(f -> ranks(f).equals(List.of(0, 1, 2, 3))).findFirst()
                .orElseThrow(() -> new AssertionError("a race naming all three senders: " + races + "\n" + r));
        assertSite(first.get("site"), PKG + "ProbeThenReceive", "RECV-SITE");
        int send = SourceMarkers.line(PKG + "ProbeThenReceive", "SEND-SITE");
        assertEquals(Set.of("1:" + send, "2:" + send, "3:" + send), related(first));
    }

    /**
     * Peers of an intercommunicator are ranks of its remote group, COMM_SELF's only peer is
     * the rank itself: recorded as world ranks, the messages pair and nothing is lost.
     */
    @Test
    void messagesOnAnIntercommunicatorAndOnCommSelfPairAndAreSilent() throws Exception {
        for (int ranks : new int[] {2, 4}) {
            MpiRun.Result r = traced(PKG + "InterAndSelfMessages", ranks);
            assertSilent(r);
            assertFalse(r.stdout().contains("WRONG"), r.toString());
        }
    }

    @Test
    void aBarrierThatDoesNotOrderTheSendsHidesARace() throws Exception {
        MpiRun.Result r = traced(PKG + "BarrierRace", 3);
        JsonNode f = one(endOfRun(r), "message-race", r);
        assertEquals(List.of(0, 1, 2), ranks(f));
        assertSite(f.get("site"), PKG + "BarrierRace", "RECV-SITE");
        assertEquals(Set.of("1:" + SourceMarkers.line(PKG + "BarrierRace", "SEND-SITE-1"),
                "2:" + SourceMarkers.line(PKG + "BarrierRace", "SEND-SITE-2")), related(f));
        assertSilent(traced(PKG + "BarrierRace", 3, "twin"));
    }

    @Test
    void aPriorMessageThatOrdersTheSendLeavesNoRace() throws Exception {
        assertSilent(traced(PKG + "PriorMessage", 3));
        MpiRun.Result r = traced(PKG + "PriorMessage", 3, "buggy");
        JsonNode f = one(endOfRun(r), "message-race", r);
        assertEquals(List.of(0, 1, 2), ranks(f));
        assertSite(f.get("site"), PKG + "PriorMessage", "RECV-SITE");
        assertEquals(Set.of("1:" + SourceMarkers.line(PKG + "PriorMessage", "SEND-SITE-1"),
                "2:" + SourceMarkers.line(PKG + "PriorMessage", "SEND-SITE-2")), related(f));
    }

    @Test
    void aMessageNeverReceivedIsLostForMpiguardAnalyzeAndOnlyAddsItsSenderToTheOnlineCheckAtTheEndOfTheRun() throws Exception {
        MpiRun.Result r = traced(PKG + "LostMessage", 2);
        assertEquals(0, r.exitCode(), r.toString());
        // the online check at the receiver's Finalize owns it: the end of the run only adds the sender's call
        JsonNode added = one(endOfRun(r), "resource-leak", r);
        assertEquals("lost-message to rank 1 from rank 0 tag 8", added.get("key").asText(), added.toString());
        assertSite(added.get("site"), PKG + "LostMessage", "SEND-SITE");
        JsonNode f = one(analyzeCopy(r), "resource-leak", r);
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), PKG + "LostMessage", "SEND-SITE");
        assertTrue(f.get("message").asText().startsWith("Lost message"), f.toString());
        MpiRun.Result twin = traced(PKG + "LostMessage", 2, "twin");
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
