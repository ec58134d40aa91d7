package org.mpiguard.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiguard.predict.Predict.at;
import static org.mpiguard.predict.Predict.findings;
import static org.mpiguard.predict.Predict.infinite;
import static org.mpiguard.predict.Predict.sitesOf;
import static org.mpiguard.predict.Predict.zero;
import static org.mpiguard.predict.model.TraceProgram.ANY;
import static org.mpiguard.predict.model.TraceProgram.WORLD;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingFormat;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.predict.analysis.Verdict;
import org.mpiguard.predict.model.Request;
import org.mpiguard.predict.model.TraceProgram;
import org.mpiguard.predict.model.TraceProgramBuilder;

class PredictedDeadlockTest {

    /** Both ranks send first: eager buffering completes it, a library that does not buffer hangs. */
    static TraceProgram headToHead(boolean receiveFirstOnRankOne) {
        TraceProgramBuilder b = TraceProgram.builder(2);
        b.rank(0).send(WORLD, 1, 7, at("HeadToHead.java", 12));
        b.rank(0).recv(WORLD, 1, 7, at("HeadToHead.java", 13));
        if (receiveFirstOnRankOne) {
            b.rank(1).recv(WORLD, 0, 7, at("HeadToHead.java", 16));
            b.rank(1).send(WORLD, 0, 7, at("HeadToHead.java", 17));
        } else {
            b.rank(1).send(WORLD, 0, 7, at("HeadToHead.java", 16));
            b.rank(1).recv(WORLD, 0, 7, at("HeadToHead.java", 17));
        }
        return b.build();
    }

    @Test
    void headToHeadSendsAreReportedUnderZeroBufferingWithBothSitesAndAWitness() {
        Verdict v = zero(headToHead(false));
        List<Finding> f = findings(v);
        assertEquals(1, f.size());
        Finding finding = f.get(0);
        assertEquals(FindingKind.PREDICTED_DEADLOCK, finding.kind());
        assertEquals(Severity.ERROR, finding.severity());
        assertEquals(List.of(0, 1), finding.ranks());
        assertEquals(List.of("0@HeadToHead.java:12", "1@HeadToHead.java:16"), sitesOf(finding));
        assertTrue(finding.message().contains("rank 0 sends to rank 1, tag 7 at HeadToHead.java:12 and waits for it"
                + " to be received"), finding.message());
        assertTrue(FindingFormat.json(finding).startsWith("{\"kind\":\"predicted-deadlock\",\"severity\":\"error\""));
    }

    /** A rank sends to itself before it posts the receive: nothing but buffering completes the send. */
    static TraceProgram selfSend(boolean receiveFirst) {
        TraceProgramBuilder b = TraceProgram.builder(2);
        if (receiveFirst) {
            Request r = b.rank(0).irecv(WORLD, 0, 4, at("SelfSend.java", 20));
            b.rank(0).send(WORLD, 0, 4, at("SelfSend.java", 21));
            b.rank(0).waitFor(r, at("SelfSend.java", 22));
        } else {
            b.rank(0).send(WORLD, 0, 4, at("SelfSend.java", 21));
            b.rank(0).recv(WORLD, 0, 4, at("SelfSend.java", 23));
        }
        b.rank(0).barrier(WORLD, at("SelfSend.java", 25));
        b.rank(1).barrier(WORLD, at("SelfSend.java", 25));
        return b.build();
    }

    @Test
    void aBlockingSendToTheRanksOwnLaterReceiveIsReportedUnderZeroBuffering() {
        Verdict v = zero(selfSend(false));
        List<Finding> f = findings(v);
        assertEquals(1, f.size(), v.limits().toString());
        assertEquals(List.of("0@SelfSend.java:21", "1@SelfSend.java:25"), sitesOf(f.get(0)));
        assertTrue(f.get(0).message().contains("rank 0 sends to rank 0, tag 4 at SelfSend.java:21 and waits for it to be "
                + "received"), f.get(0).message());
        assertTrue(infinite(selfSend(false)).deadlockFree());
    }

    @Test
    void aSelfSendWhoseReceiveIsPostedFirstIsSilent() {
        assertTrue(zero(selfSend(true)).deadlockFree());
        assertTrue(infinite(selfSend(true)).deadlockFree());
    }

    @Test
    void headToHeadSendsAreSilentUnderInfiniteBuffering() {
        assertTrue(infinite(headToHead(false)).deadlockFree());
    }

    @Test
    void receiveFirstTwinIsSilentUnderBothBufferings() {
        assertTrue(zero(headToHead(true)).deadlockFree());
        assertTrue(infinite(headToHead(true)).deadlockFree());
    }

    /** Every rank sends to the next before receiving; rank 0 receives from ANY_SOURCE. */
    static TraceProgram ringThroughWildcard(boolean rankZeroReceivesFirst) {
        TraceProgramBuilder b = TraceProgram.builder(3);
        if (rankZeroReceivesFirst) {
            b.rank(0).recv(WORLD, ANY, 0, at("Ring.java", 20));
            b.rank(0).send(WORLD, 1, 0, at("Ring.java", 21));
        } else {
            b.rank(0).send(WORLD, 1, 0, at("Ring.java", 21));
            b.rank(0).recv(WORLD, ANY, 0, at("Ring.java", 20));
        }
        for (int r = 1; r < 3; r++) {
            b.rank(r).send(WORLD, (r + 1) % 3, 0, at("Ring.java", 25));
            b.rank(r).recv(WORLD, r - 1, 0, at("Ring.java", 26));
        }
        return b.build();
    }

    @Test
    void threeRankCycleThroughAWildcardReceiveIsReported() {
        Verdict v = zero(ringThroughWildcard(false));
        List<Finding> f = findings(v);
        assertEquals(1, f.size());
        assertEquals(List.of(0, 1, 2), f.get(0).ranks());
        assertEquals(List.of("0@Ring.java:21", "1@Ring.java:25", "2@Ring.java:25"), sitesOf(f.get(0)));
        assertTrue(infinite(ringThroughWildcard(false)).deadlockFree());
    }

    @Test
    void ringWhoseWildcardRankReceivesFirstIsSilent() {
        assertTrue(zero(ringThroughWildcard(true)).deadlockFree());
        assertTrue(infinite(ringThroughWildcard(true)).deadlockFree());
    }

    /**
     * Rank 0 receives from ANY_SOURCE, then from rank 2. If the wildcard takes rank 2's
     * message, the named receive starves: a deadlock under either buffering.
     */
    static TraceProgram wildcardThenNamed(boolean secondAlsoWildcard) {
        TraceProgramBuilder b = TraceProgram.builder(3);
        b.rank(0).recv(WORLD, ANY, 3, at("Starve.java", 30));
        b.rank(0).recv(WORLD, secondAlsoWildcard ? ANY : 2, 3, at("Starve.java", 31));
        b.rank(1).send(WORLD, 0, 3, at("Starve.java", 35));
        b.rank(2).send(WORLD, 0, 3, at("Starve.java", 38));
        return b.build();
    }

    @Test
    void deadlockReachableOnlyWhenTheWildcardTakesTheOtherSenderIsReportedUnderBothBufferings() {
        for (Verdict v : List.of(zero(wildcardThenNamed(false)), infinite(wildcardThenNamed(false)))) {
            List<Finding> f = findings(v);
            assertEquals(1, f.size(), v.buffering().toString());
            Finding finding = f.get(0);
            assertEquals(0, finding.ranks().get(0));
            assertEquals("Starve.java:31", finding.site().location());
            assertTrue(finding.message().contains("the wildcard Comm.recv of rank 0 at Starve.java:30 takes the message"
                    + " of rank 2"), finding.message());
        }
    }

    @Test
    void twoWildcardReceivesTakeBothMessagesInAnyOrder() {
        assertTrue(zero(wildcardThenNamed(true)).deadlockFree());
        assertTrue(infinite(wildcardThenNamed(true)).deadlockFree());
    }

    /**
     * Phase 1: rank 2 sends to rank 0, which receives from ANY_SOURCE; phase 2: rank 1 sends
     * to rank 0, which receives from rank 1. The barrier keeps rank 1's message out of the
     * wildcard's reach; without it, the wildcard can take rank 1's message and rank 2's send
     * is never received.
     */
    static TraceProgram partitioned(boolean withBarrier) {
        TraceProgramBuilder b = TraceProgram.builder(3);
        b.rank(0).recv(WORLD, ANY, 0, at("Phases.java", 40));
        if (withBarrier) {
            for (int r = 0; r < 3; r++) {
                if (r == 2) {
                    b.rank(2).send(WORLD, 0, 0, at("Phases.java", 50));
                }
                b.rank(r).barrier(WORLD, at("Phases.java", 42));
            }
        } else {
            b.rank(2).send(WORLD, 0, 0, at("Phases.java", 50));
        }
        b.rank(0).recv(WORLD, 1, 0, at("Phases.java", 44));
        b.rank(1).send(WORLD, 0, 0, at("Phases.java", 47));
        return b.build();
    }

    @Test
    void barrierPartitionedExchangeIsSilent() {
        assertTrue(zero(partitioned(true)).deadlockFree());
        assertTrue(infinite(partitioned(true)).deadlockFree());
    }

    @Test
    void theSameExchangeWithoutItsBarrierIsReported() {
        List<Finding> f = findings(zero(partitioned(false)));
        assertEquals(1, f.size());
        assertTrue(f.get(0).ranks().contains(2), f.get(0).toString());
        assertTrue(sitesOf(f.get(0)).contains("2@Phases.java:50"), sitesOf(f.get(0)).toString());
    }

    @Test
    void aSendNoReceiveTakesIsSaidAsALimitUnderZeroBuffering() {
        TraceProgramBuilder b = TraceProgram.builder(2);
        b.rank(0).send(WORLD, 1, 4, at("Lost.java", 9));
        Verdict v = zero(b.build());
        assertTrue(v.deadlockFree());
        assertTrue(v.limits().stream().anyMatch(l -> l.startsWith("1 send that no receive of the run takes (first rank 0's"
                + " Comm.send at Lost.java:9)")), v.limits().toString());
    }
}
