package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** buffer-conflict: the program's loads and stores to the buffer of a pending nonblocking operation. */
class BufferConflictTest {

    @Test
    void readingAnIRecvBufferThroughAnIntViewBeforeTheWaitIsReportedWithBothSites() throws Exception {
        JsonNode f = BufferFindings.assertOneConflict("buffers.RecvReadThroughView", 2, "buffer-conflict", 1,
                "IntBuffer.get", "Comm.iRecv");
        assertTrue(f.get("message").asText().contains("reads the receive buffer of Comm.iRecv"), f.toString());
    }

    @Test
    void readingAroundAPendingReceiveAndThroughTheViewAfterTheWaitIsSilent() throws Exception {
        MpiRun.Result r = BufferFindings.assertSilent("buffers.RecvReadThroughViewFixed", 2);
        assertTrue(r.stdout().contains("untouched 40, received 3 3"), r.toString());
    }

    @Test
    void writingAnISendBufferThroughASliceBeforeTheWaitIsReportedButReadingItIsNot() throws Exception {
        JsonNode f = BufferFindings.assertOneConflict("buffers.SendWriteThroughSlice", 2, "buffer-conflict", 0,
                "DoubleBuffer.put", "Comm.iSend");
        assertTrue(f.get("message").asText().contains("writes the send buffer of Comm.iSend"), f.toString());
    }

    @Test
    void writingThroughTheSliceAfterTheWaitIsSilent() throws Exception {
        MpiRun.Result r = BufferFindings.assertSilent("buffers.SendWriteThroughSliceFixed", 2);
        assertTrue(r.stdout().contains("got 5.0"), r.toString());
    }

    @Test
    void aCountedLoopRefillingAnArraysSendBufferBeforeTheWaitIsReportedAtItsStore() throws Exception {
        JsonNode f = BufferFindings.assertOneConflict("buffers.HaloLoopRefillsPendingSend", 2, "buffer-conflict", 0,
                "DoubleBuffer.put", "Comm.iSend");
        assertTrue(f.get("message").asText().contains("writes the send buffer of Comm.iSend"), f.toString());
    }

    @Test
    void aCountedLoopReadingAnArraysReceiveBufferBeforeTheWaitIsReportedAtItsLoad() throws Exception {
        JsonNode f = BufferFindings.assertOneConflict("buffers.HaloLoopReadsPendingReceive", 2, "buffer-conflict", 1,
                "DoubleBuffer.get", "Comm.iRecv");
        assertTrue(f.get("message").asText().contains("reads the receive buffer of Comm.iRecv"), f.toString());
    }

    @Test
    void haloLoopsOverBuffersNoPendingOperationConflictsWithAreSilent() throws Exception {
        MpiRun.Result r = BufferFindings.assertSilent("buffers.HaloLoopRefillsPendingSendFixed", 2);
        assertTrue(r.stdout().contains("rank 0 halo 34.5 sent "), r.toString());
    }

    @Test
    void aStoreIntoAPendingReceiveThatTheMessageThenReplacesIsAnErrorJudgedAtTheWaitAndReportedAtTheStore()
            throws Exception {
        JsonNode f = BufferFindings.assertOneConflict("buffers.StoreIntoPendingReceive", 2, "buffer-conflict", 1,
                "IntBuffer.put", "Comm.iRecv");
        assertTrue(f.get("message").asText().contains("MPI's data replaced the value stored"), f.toString());
    }

    @Test
    void storingIntoTheReceiveBufferAfterTheWaitIsSilent() throws Exception {
        MpiRun.Result r = BufferFindings.assertSilent("buffers.StoreIntoPendingReceiveFixed", 2);
        assertTrue(r.stdout().contains("rank 1 holds 43"), r.toString());
    }

    @Test
    void manyPendingReceivesIntoOneBufferAreAWarningAndTheRunGoesOnAsWithoutTheChecker() throws Exception {
        String program = "buffers.ManyReceivesOneBuffer";
        MpiRun.Result plain = MpiRun.program(program).ranks(2).run();
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").timeout(Duration.ofSeconds(90)).run();
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(plain.stdout(), r.stdout());
        assertEquals("rank 1 received 49152 bytes\n", r.ofRank(1, "stdout"), r.toString());
        List<JsonNode> found = Findings.read(r.reportDir());
        assertEquals(1, found.size(), "once per pair of sites\n" + found);
        JsonNode f = found.get(0);
        assertEquals("buffer-conflict", f.get("kind").asText());
        assertEquals("warning", f.get("severity").asText());
        assertEquals(SourceMarkers.line(program, "ACCESS-SITE"), f.get("site").get("line").asInt());
        assertTrue(f.get("message").asText().contains("writes memory that is also the receive buffer of Comm.iRecv"),
                f.toString());
    }
}
