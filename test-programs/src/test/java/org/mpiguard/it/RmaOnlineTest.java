package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * rma-conflict within an epoch, on one rank, online: reported at the load or store (or at
 * the second operation) before the damage, with the operation it conflicts with.
 */
class RmaOnlineTest {

    @Test
    void theBtBroadcastSpinOnAGetResultEndsWithAFindingInsteadOfHanging() throws Exception {
        JsonNode f = BufferFindings.assertOneConflict("rmaonline.BtBroadcastSpin", 2, "rma-conflict", 1,
                "IntBuffer.get", "Win.get");
        assertTrue(f.get("message").asText().contains("reads the result buffer of Win.get"), f.toString());
    }

    @Test
    void theSpinEndsWithTheSameFindingUnderJdk25WhereTheAgentExportsTheAddressPackageToo() throws Exception {
        BufferFindings.assertOneConflict(MpiRun.JDK25_JAVA, "rmaonline.BtBroadcastSpin", 2, "rma-conflict", 1,
                "IntBuffer.get", "Win.get");
    }

    @Test
    void pollingInOneEpochPerPollIsSilent() throws Exception {
        MpiRun.Result r = BufferFindings.assertSilent("rmaonline.BtBroadcastSpinFixed", 2);
        assertTrue(r.stdout().contains("rank 1 saw the flag"), r.toString());
    }

    @Test
    void aGetResultReadBeforeTheClosingFenceIsReported() throws Exception {
        BufferFindings.assertOneConflict("rmaonline.GetReadBeforeFence", 2, "rma-conflict", 1, "IntBuffer.get",
                "Win.get");
    }

    @Test
    void aGetResultReadAfterTheFenceIsSilent() throws Exception {
        MpiRun.Result r = BufferFindings.assertSilent("rmaonline.GetReadBeforeFenceFixed", 2);
        assertTrue(r.stdout().contains("rank 0 got 10 10"), r.toString());
    }

    @Test
    void aRequestBasedGetsResultReadBeforeTheClosingFenceIsReported() throws Exception {
        BufferFindings.assertOneConflict("rmaonline.RequestGetReadBeforeFence", 2, "rma-conflict", 1,
                "IntBuffer.get", "Win.rGet");
    }

    @Test
    void theClosingFenceCompletesRequestBasedGetsWhoseRequestsAreNotYetWaitedFor() throws Exception {
        for (int ranks : new int[] {2, 4}) {
            MpiRun.Result r = BufferFindings.assertSilent("rmaonline.RequestGetReadBeforeFenceFixed", ranks);
            assertTrue(r.stdout().contains("rank 1 got 3 13"), r.toString());
        }
    }

    @Test
    void aStoreIntoAPendingFetchResultThatStandsAtTheFenceIsAWarningAndTheRunIsUnchanged() throws Exception {
        String program = "rmaonline.FetchResultStoredBeforeFence";
        for (int ranks : new int[] {2, 4}) {
            MpiRun.Result r = MpiRun.program(program).ranks(ranks).withAgent("").timeout(Duration.ofSeconds(90)).run();
            assertEquals(0, r.exitCode(), r.toString());
            assertEquals("rank 0 fetched 100, holds 1\n", r.ofRank(0, "stdout"), r.toString());
            List<JsonNode> found = Findings.read(r.reportDir());
            assertEquals(ranks, found.size(), found.toString());
            for (JsonNode f : found) {
                assertEquals("rma-conflict", f.get("kind").asText(), f.toString());
                assertEquals("warning", f.get("severity").asText(), f.toString());
                assertEquals(SourceMarkers.line(program, "ACCESS-SITE"), f.get("site").get("line").asInt());
                assertEquals(SourceMarkers.line(program, "POST-SITE"),
                        f.get("related").get(0).get("site").get("line").asInt());
                assertTrue(f.get("message").asText().contains("the buffer holds the value stored"), f.toString());
            }
        }
    }

    @Test
    void aPutOriginOverwrittenBeforeTheFenceIsReportedButReadingItIsNot() throws Exception {
        JsonNode f = BufferFindings.assertOneConflict("rmaonline.PutOriginOverwritten", 2, "rma-conflict", 0,
                "IntBuffer.put", "Win.put");
        assertTrue(f.get("message").asText().contains("writes the origin buffer of Win.put"), f.toString());
    }

    @Test
    void aPutOriginReusedAfterTheFenceIsSilent() throws Exception {
        BufferFindings.assertSilent("rmaonline.PutOriginOverwrittenFixed", 2);
    }

    @Test
    void twoGetsOfOneEpochIntoOverlappingResultMemoryAreAWarningAtTheSecondAndTheRunGoesOn() throws Exception {
        String program = "rmaonline.OverlappingGets";
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").timeout(Duration.ofSeconds(90)).run();
        assertEquals(0, r.exitCode(), "unspecified, not broken: the job goes on\n" + r);
        List<JsonNode> found = Findings.read(r.reportDir());
        assertEquals(1, found.size(), found.toString());
        JsonNode f = found.get(0);
        assertEquals("rma-conflict", f.get("kind").asText());
        assertEquals("warning", f.get("severity").asText());
        assertEquals(1, f.get("ranks").get(0).asInt());
        assertEquals(SourceMarkers.line(program, "ACCESS-SITE"), f.get("site").get("line").asInt());
        assertEquals(SourceMarkers.line(program, "POST-SITE"), f.get("related").get(0).get("site").get("line").asInt());
        assertTrue(f.get("message").asText().contains("writes memory that is also the result buffer of Win.get"),
                f.toString());
    }

    @Test
    void twoGetsIntoAdjacentSlicesAreSilent() throws Exception {
        BufferFindings.assertSilent("rmaonline.OverlappingGetsFixed", 2);
    }

    @Test
    void aStoreToOwnWindowMemoryWhileOwnPutTargetsItIsReported() throws Exception {
        JsonNode f = BufferFindings.assertOneConflict("rmaonline.OwnWindowStore", 2, "rma-conflict", 0,
                "IntBuffer.put", "Win.put");
        assertTrue(f.get("message").asText().contains("this rank's window memory, written by Win.put"), f.toString());
    }

    @Test
    void storesBesideTheOwnPutAndIntoItAfterTheFenceAreSilent() throws Exception {
        MpiRun.Result r = BufferFindings.assertSilent("rmaonline.OwnWindowStoreFixed", 2);
        assertTrue(r.stdout().contains("rank 0 has 12"), r.toString());
    }

    @Test
    void anRPutOriginWrittenBeforeItsRequestsWaitIsReported() throws Exception {
        BufferFindings.assertOneConflict("rmaonline.RequestPutOriginWritten", 2, "rma-conflict", 1,
                "DoubleBuffer.put", "Win.rPut");
    }

    @Test
    void anRPutOriginWrittenAfterTheWaitIsSilent() throws Exception {
        MpiRun.Result r = BufferFindings.assertSilent("rmaonline.RequestPutOriginWrittenFixed", 2);
        assertTrue(r.stdout().contains("rank 0 has 1.3"), r.toString());
    }
}
