package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** request-lifecycle online: each case names both calls (this one and the earlier completion, start or Finalize). */
class RequestLifecycleTest {

    private static JsonNode theOnly(MpiRun.Result r, String kind) throws Exception {
        List<JsonNode> of = Findings.read(r.reportDir()).stream().filter(f -> f.get("kind").asText().equals(kind))
                .collect(Collectors.toList());
        assertEquals(1, of.size(), kind + "\n" + r);
        return of.get(0);
    }

    private static void assertSites(JsonNode f, String program, String marker, String relatedMarker, int rank)
            throws Exception {
        assertEquals(rank, f.get("ranks").get(0).asInt(), f.toString());
        assertEquals(SourceMarkers.fileName(program), f.get("site").get("file").asText(), f.toString());
        assertEquals(SourceMarkers.line(program, marker), f.get("site").get("line").asInt(), f.toString());
        JsonNode related = f.get("related").get(0);
        assertEquals(rank, related.get("rank").asInt());
        assertEquals(SourceMarkers.line(program, relatedMarker), related.get("site").get("line").asInt(), f.toString());
    }

    private static void assertSilent(String program) throws Exception {
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(Findings.read(r.reportDir()).isEmpty(), r.toString());
    }

    @Test
    void waitingForAPersistentRequestNeverStartedIsAWarningNamingTheWaitAndItsMaking() throws Exception {
        String program = "reqlife.NeverStarted";
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), "a warning: the job ends as without the checker\n" + r);
        assertEquals("rank 1 got nothing\n", r.ofRank(1, "stdout"), r.toString());
        JsonNode f = theOnly(r, "request-lifecycle");
        assertEquals("warning", f.get("severity").asText());
        assertEquals("Request.waitFor", f.get("op").asText());
        assertSites(f, program, "WAIT", "MADE", 0);
        assertTrue(f.get("message").asText().contains("was never started"), f.toString());
        MpiRun.Result twin = MpiRun.program(program).ranks(2).withAgent("").programArg("started").run();
        assertEquals(0, twin.exitCode(), twin.toString());
        assertEquals("rank 1 got 7\n", twin.ofRank(1, "stdout"), twin.toString());
        assertTrue(Findings.read(twin.reportDir()).isEmpty(), twin.toString());
    }

    @Test
    void aSendNeverCompletedBeforeFinalizeWhoseMessageWasDeliveredIsAWarningAtItsCreation() throws Exception {
        String program = "reqlife.NeverCompleted";
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), "a warning: the job ends as without the checker\n" + r);
        JsonNode f = theOnly(r, "request-lifecycle");
        assertEquals("warning", f.get("severity").asText());
        assertEquals("Comm.iSend", f.get("op").asText());
        assertSites(f, program, "REQ-MADE", "FINALIZE-SITE", 0);
        assertTrue(f.get("message").asText().contains("MPI had finished it: the message had left the buffer"),
                f.toString());
        assertEquals(1, Findings.read(r.reportDir()).size(), "nothing else\n" + r);
    }

    @Test
    void everyRequestLeftPendingAtFinalizeIsAWarningSayingWhatMpiHadDoneWithIt() throws Exception {
        String program = "reqlife.LeftPending";
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("rank 1 got 42\n", r.ofRank(1, "stdout"), r.toString());
        List<JsonNode> all = Findings.read(r.reportDir());
        assertTrue(all.stream().allMatch(f -> f.get("severity").asText().equals("warning")), all.toString());
        List<JsonNode> pending = all.stream().filter(f -> f.get("kind").asText().equals("request-lifecycle"))
                .collect(Collectors.toList());
        assertEquals(4, pending.size(), pending.toString());
        String[][] expected = {
            {"DELIVERED", "0", "MPI had finished it: the message had left the buffer"},
            {"UNDELIVERED", "0", "MPI had not finished it: no receive had taken the message"},
            {"ARRIVED", "1", "MPI had finished it: a message had arrived in the buffer"},
            {"NOTHING", "1", "MPI had not finished it: no message had come for it"},
        };
        for (String[] e : expected) {
            int line = SourceMarkers.line(program, e[0]);
            JsonNode f = pending.stream().filter(p -> p.get("site").get("line").asInt() == line).findFirst()
                    .orElseThrow(() -> new AssertionError(e[0] + " at line " + line + ": " + pending));
            assertSites(f, program, e[0], "FINALIZE-SITE", Integer.parseInt(e[1]));
            assertTrue(f.get("message").asText().contains(e[2]), e[0] + ": " + f);
        }
    }

    @Test
    void theTwinThatWaitsIsSilent() throws Exception {
        assertSilent("reqlife.NeverCompletedFixed");
    }

    @Test
    void aSecondWaitOnACompletedRequestIsAWarningNamingBothWaits() throws Exception {
        String program = "reqlife.WaitTwice";
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), "a warning: the job goes on\n" + r);
        JsonNode f = theOnly(r, "request-lifecycle");
        assertEquals("warning", f.get("severity").asText());
        assertEquals("Request.waitFor", f.get("op").asText());
        assertSites(f, program, "SECOND-WAIT", "FIRST-WAIT", 1);
    }

    @Test
    void waitingOnceForEachRequestIsSilent() throws Exception {
        assertSilent("reqlife.WaitOnce");
    }

    @Test
    void freeingAnActivePersistentRequestIsAWarningNamingTheStart() throws Exception {
        String program = "reqlife.FreeActive";
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        JsonNode f = theOnly(r, "request-lifecycle");
        assertEquals("warning", f.get("severity").asText());
        assertEquals("Request.free", f.get("op").asText());
        assertSites(f, program, "FREE-SITE", "START-SITE", 0);
    }

    @Test
    void aPersistentRequestStartedAndNeverCompletedIsAWarningAtItsStart() throws Exception {
        String program = "reqlife.StartedNeverCompleted";
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        JsonNode f = theOnly(r, "request-lifecycle");
        assertEquals("warning", f.get("severity").asText());
        assertSites(f, program, "START-SITE", "FINALIZE-SITE", 0);
        assertEquals("resource-leak", theOnly(r, "resource-leak").get("kind").asText(), "and it was never freed");
    }

    @Test
    void persistentRequestsStartedCompletedAndFreedAreSilent() throws Exception {
        assertSilent("reqlife.PersistentDone");
    }
}
