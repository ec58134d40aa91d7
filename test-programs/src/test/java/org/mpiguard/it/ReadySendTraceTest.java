package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiguard.it.TraceRuns.analyzeCopy;
import static org.mpiguard.it.TraceRuns.assertSilent;
import static org.mpiguard.it.TraceRuns.assertSite;
import static org.mpiguard.it.TraceRuns.endOfRun;
import static org.mpiguard.it.TraceRuns.one;
import static org.mpiguard.it.TraceRuns.ranks;
import static org.mpiguard.it.TraceRuns.related;
import static org.mpiguard.it.TraceRuns.summary;
import static org.mpiguard.it.TraceRuns.traced;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Ready sends under mpirun with {@code trace=on}: one whose receive nothing orders before it
 * (posted late, or first by timing alone) is a call-ordering warning at the send with the
 * receive's line, found by rank 0's end-of-run analysis and by {@code mpiguard analyze} alike;
 * a barrier or a ready message after the post, and master/worker code built on that, are silent.
 */
class ReadySendTraceTest {

    private static final String PKG = "trace.";
    private static final String BUG = PKG + "RsendNotReady";

    private static void assertReadySendFound(String form, String sendMarker, String op) throws Exception {
        MpiRun.Result r = traced(BUG, 2, form);
        assertEquals(0, r.exitCode(), r.toString());
        List<JsonNode> findings = endOfRun(r);
        JsonNode f = one(findings, "call-ordering", r);
        assertEquals("warning", f.get("severity").asText());
        assertEquals(op, f.get("op").asText());
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), BUG, sendMarker);
        assertEquals(Set.of("1:" + SourceMarkers.line(BUG, "RECV-SITE")), related(f));
        String message = f.get("message").asText();
        assertTrue(message.contains("barrier") && message.contains("standard send"), message);
        assertTrue(r.stderr().contains("WARNING call-ordering"), "rank 0 prints it\n" + r);
        assertEquals(summary(findings, Set.of("call-ordering")), summary(analyzeCopy(r), Set.of("call-ordering")),
                "mpiguard analyze on a copy finds the same");
    }

    @Test
    void aReadySendBeforeItsReceiveIsKnownToBePostedIsFoundAtBothLines() throws Exception {
        assertReadySendFound("blocking", "RSEND-SITE", "Comm.rSend");
    }

    @Test
    void aNonblockingReadySendIsFoundAlike() throws Exception {
        assertReadySendFound("nonblocking", "IRSEND-SITE", "Comm.irSend");
    }

    @Test
    void theStartOfAPersistentReadySendIsFoundAtTheStart() throws Exception {
        assertReadySendFound("persistent", "START-SITE", "Prequest.start");
    }

    /** The analysis spread over the ranks at Finalize: the sender's rank ships its start as a ready send to the receiver's. */
    @Test
    void aPersistentReadySendIsFoundWhenEveryRankAnalysesItsOwnTrace() throws Exception {
        MpiRun.Result r = MpiRun.program(BUG).ranks(2).programArg("persistent")
                .withAgent("trace=on,trace-analysis-max=5").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("spread over the 2 ranks"), r.toString());
        JsonNode f = one(endOfRun(r), "call-ordering", r);
        assertSite(f.get("site"), BUG, "START-SITE");
        assertEquals(Set.of("1:" + SourceMarkers.line(BUG, "RECV-SITE")), related(f));
    }

    @Test
    void aReceivePostedBeforeABarrierThatPrecedesTheReadySendIsSilent() throws Exception {
        assertSilent(traced(PKG + "RsendAfterBarrier", 2));
    }

    @Test
    void readySendsAfterTheReceiversReadyMessageAreSilent() throws Exception {
        assertSilent(traced(PKG + "RsendAfterHandshake", 2));
    }

    @Test
    void aMasterThatReadySendsTasksToWorkersThatSaidTheyWereReadyIsSilent() throws Exception {
        assertSilent(traced(PKG + "RsendMasterWorker", 4));
    }
}
