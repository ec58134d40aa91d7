package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiguard.it.TraceRuns.analyzeCopy;
import static org.mpiguard.it.TraceRuns.assertSilent;
import static org.mpiguard.it.TraceRuns.assertSite;
import static org.mpiguard.it.TraceRuns.endOfRun;
import static org.mpiguard.it.TraceRuns.ofKind;
import static org.mpiguard.it.TraceRuns.one;
import static org.mpiguard.it.TraceRuns.ranks;
import static org.mpiguard.it.TraceRuns.related;
import static org.mpiguard.it.TraceRuns.traced;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the trace must record for the analyses to see it, each proved on a real run: the
 * handles a rank made and freed (the leak check of {@code mpiguard analyze}), the message
 * each start of a persistent request posts, the source a wildcard receive matched when the
 * program completed it without a Status, the receive of a message a matched probe took, and
 * the request of a nonblocking collective (its wait orders what follows). Each buggy
 * program is reported with its kind, ranks and both marked lines; each twin is silent.
 */
class TraceRecordingTest {

    private static final String LEAK = "leak.LeakEverything";

    @Test
    void everyHandleARankMadeAndNeverFreedIsALeakOfTheTracesAtItsCreationSite() throws Exception {
        MpiRun.Result r = traced(LEAK, 2);
        assertEquals(0, r.exitCode(), r.toString());
        List<JsonNode> added = ofKind(endOfRun(r), "resource-leak");
        assertEquals(1, added.size(), "the online checks own leaks at the end of the run; the traces add the sender"
                + " of the lost message\n" + added);
        assertTrue(added.get(0).get("key").asText().startsWith("lost-message to rank 0 from rank 1"), added.toString());
        List<JsonNode> leaks = ofKind(analyzeCopy(r), "resource-leak");
        for (String marker : List.of("LEAK-COMM", "LEAK-GROUP", "LEAK-TYPE", "LEAK-OP", "LEAK-INFO", "LEAK-WIN",
                "LEAK-PREQ", "LEAK-BUFFER")) {
            int line = SourceMarkers.line(LEAK, marker);
            for (int rank = 0; rank < 2; rank++) {
                int rk = rank;
                List<JsonNode> at = leaks.stream().filter(f -> f.get("site").get("line").asInt() == line
                        && ranks(f).equals(List.of(rk))).toList();
                assertEquals(1, at.size(), marker + " on rank " + rank + "\n" + leaks);
                assertEquals("warning", at.get(0).get("severity").asText());
            }
        }
        int commLine = SourceMarkers.line(LEAK, "LEAK-COMM");
        JsonNode comms = leaks.stream().filter(f -> f.get("site").get("line").asInt() == commLine).findFirst()
                .orElseThrow();
        assertTrue(comms.get("message").asText().contains("3 communicators made at"), comms.toString());
        JsonNode lost = leaks.stream().filter(f -> f.get("message").asText().startsWith("Lost message"))
                .findFirst().orElseThrow(() -> new AssertionError("the lost message\n" + leaks));
        assertEquals(List.of(1, 0), ranks(lost), "the sender, whose call the site is, then the receiver");
        assertSite(lost.get("site"), LEAK, "LOST-SEND");
        assertEquals(8 * 2 + 1, leaks.size(), leaks.toString());
    }

    @Test
    void theTwinThatFreesEveryHandleLeavesNoLeakInItsTraces() throws Exception {
        MpiRun.Result r = traced("leak.FreeEverything", 2);
        assertSilent(r);
        assertEquals(List.of(), ofKind(analyzeCopy(r), "resource-leak"), r.toString());
    }

    @Test
    void eachStartOfAPersistentRequestIsAMessageThePairingChecks() throws Exception {
        String program = "trace.PersistentMismatch";
        MpiRun.Result r = traced(program, 2);
        JsonNode f = one(endOfRun(r), "type-mismatch", r);
        assertEquals("error", f.get("severity").asText());
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), program, "RECV-SITE");
        assertEquals(Set.of("0:" + SourceMarkers.line(program, "SEND-SITE")), related(f));
        assertTrue(f.get("message").asText().contains("2 messages"), f.toString());
        assertSilent(traced(program, 2, "twin"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"waitAll", "waitAny", "waitSome", "test", "testAll", "testAny", "testSome"})
    void aWildcardReceiveCompletedWithoutAStatusIsStillPairedWithTheSendItTook(String how) throws Exception {
        String program = "trace.WildcardCompletion";
        MpiRun.Result r = traced(program, 3, how);
        JsonNode f = one(endOfRun(r), "type-mismatch", r);
        assertEquals(List.of(0, 2), ranks(f));
        int line = f.get("site").get("line").asInt();
        assertTrue(line == SourceMarkers.line(program, "FIRST-RECV-SITE") || line == SourceMarkers.line(program,
                "SECOND-RECV-SITE"), "one of the two receives took rank 2's floats: " + f);
        assertEquals(Set.of("2:" + SourceMarkers.line(program, "SEND-SITE-2")), related(f));
        assertEquals(0, r.exitCode(), r.toString());
        if (how.equals("waitSome")) {
            assertSilent(traced(program, 3, how, "twin"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"blocking", "nonblocking"})
    void theReceiveOfAMessageAMatchedProbeTookIsPairedWithItsSend(String mode) throws Exception {
        String program = "trace.MatchedProbe";
        MpiRun.Result r = traced(program, 2, mode);
        JsonNode f = one(endOfRun(r), "type-mismatch", r);
        assertEquals(List.of(0, 1), ranks(f));
        assertSite(f.get("site"), program, mode.equals("blocking") ? "BLOCKING-RECEIVE" : "NONBLOCKING-RECEIVE");
        assertEquals(Set.of("1:" + SourceMarkers.line(program, "SEND-SITE")), related(f));
        assertSilent(traced(program, 2, mode, "twin"));
    }

    @Test
    void theWaitOfANonblockingBarrierOrdersTheSendsAfterItSoThereIsNoRace() throws Exception {
        String program = "trace.NonblockingBarrierOrder";
        assertSilent(traced(program, 3));
        MpiRun.Result r = traced(program, 3, "buggy");
        JsonNode f = one(endOfRun(r), "message-race", r);
        assertEquals(List.of(0, 1, 2), ranks(f));
        assertSite(f.get("site"), program, "RECV-SITE");
        assertEquals(Set.of("1:" + SourceMarkers.line(program, "SEND-SITE-1"),
                "2:" + SourceMarkers.line(program, "SEND-SITE-2")), related(f));
    }
}
