package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
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
}
