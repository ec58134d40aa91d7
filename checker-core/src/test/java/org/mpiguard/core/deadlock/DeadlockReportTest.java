package org.mpiguard.core.deadlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiguard.core.deadlock.Statuses.blocked;
import static org.mpiguard.core.deadlock.Statuses.collective;
import static org.mpiguard.core.deadlock.Statuses.finished;
import static org.mpiguard.core.deadlock.Statuses.recv;
import static org.mpiguard.core.deadlock.Statuses.running;

import java.util.List;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.SiteRef;
import org.junit.jupiter.api.Test;

class DeadlockReportTest {

    @Test
    void theMessageNamesEveryDeadlockedRankItsCallAndItsLine() {
        RankStatus[] ranks = {recv(0, 1), recv(1, 0)};
        Finding f = DeadlockReport.finding(ranks, List.of(0, 1));
        assertEquals(FindingKind.DEADLOCK, f.kind());
        assertEquals(List.of(0, 1), f.ranks());
        assertEquals("Comm.recv", f.op());
        assertEquals(31, f.site().line());
        assertTrue(f.message().contains("rank 0 waits in Comm.recv") && f.message().contains("at Ring.java:31"),
                f.message());
        assertTrue(f.message().contains("rank 1 waits in Comm.recv"), f.message());
        assertEquals(1, f.related().size());
        assertEquals(1, f.related().get(0).rank());
    }

    @Test
    void aFinishedRankThatIsWaitedForIsNamedWithWhereItFinished() {
        RankStatus[] ranks = {finished(0, 18), recv(1, 0), running(2)};
        Finding f = DeadlockReport.finding(ranks, List.of(1));
        assertTrue(f.message().contains("rank 0 has already reached MPI.Finalize at Ring.java:18"), f.message());
        assertEquals(0, f.related().get(0).rank());
    }

    @Test
    void aReceiveWhoseSendersMessageAWildcardReceiveTookNamesThatReceiveAsARelatedCall() {
        RankStatus waits = recv(1, 0);
        ThreadStatus t = waits.threads().get(0).withEarlier(
                new WildcardTake("Comm.recv", "com.acme.Ring", "main", "Ring.java", 25, 0, 7));
        RankStatus[] ranks = {finished(0, 18), new RankStatus(1, RankState.BLOCKED, waits.progress(), List.of(t))};
        Finding f = DeadlockReport.finding(ranks, List.of(1));
        assertTrue(f.message().contains("Earlier, the Comm.recv from MPI.ANY_SOURCE of rank 1 at Ring.java:25 took a"
                + " message of rank 0 (tag 7)"), f.message());
        assertTrue(f.related().stream().anyMatch(r -> r.rank() == 1 && r.op().equals("Comm.recv")
                && r.site().line() == 25), f.related().toString());
        // the finished sender stays named too
        assertTrue(f.related().stream().anyMatch(r -> r.rank() == 0 && r.site().line() == 18), f.related().toString());

        Finding without = DeadlockReport.finding(new RankStatus[] {finished(0, 18), recv(1, 0)}, List.of(1));
        assertFalse(without.message().contains("ANY_SOURCE"), without.message());
    }

    @Test
    void theStatusListsEveryRankWithItsState() {
        RankStatus[] ranks = {finished(0, 18), recv(1, 0), running(2), null};
        Finding f = DeadlockReport.finding(ranks, List.of(1));
        assertEquals(4, f.status().size());
        assertEquals("finished", f.status().get(0).state());
        assertEquals("blocked", f.status().get(1).state());
        assertEquals("Comm.recv", f.status().get(1).op());
        assertEquals("running", f.status().get(2).state());
        assertEquals("unknown", f.status().get(3).state());
    }

    @Test
    void blockedAndPollingRanksSayWhomTheyWaitForSoTheReportCanDrawTheGraph() {
        ThreadStatus polls = new ThreadStatus("main", org.mpiguard.core.activity.WaitKind.RECEIVE, "Comm.iProbe",
                "com.acme.Ring", "main", "Ring.java", 52, new int[] {0, 1}, true, "", "from any rank", true);
        RankStatus[] ranks = {recv(0, 1), recv(1, 0), new RankStatus(2, RankState.RUNNING, 7, List.of(polls)),
                finished(3, 18)};
        Finding f = DeadlockReport.finding(ranks, List.of(0, 1));
        assertEquals(List.of(1), f.status().get(0).waitsFor());
        assertEquals(List.of(0), f.status().get(1).waitsFor());
        assertEquals(List.of(0, 1), f.status().get(2).waitsFor());
        assertTrue(f.status().get(2).anyOf());
        assertTrue(f.status().get(3).waitsFor().isEmpty(), "a finished rank waits for nobody");
    }

    @Test
    void eachBlockedThreadCarriesItsSampledStackFromTheFirstFrameItWasGiven() {
        ThreadStatus t = Statuses.thread(org.mpiguard.core.activity.WaitKind.RECEIVE, "Comm.recv", 31, new int[] {0},
                false, "").withSample(5, List.of("com.acme.Ring.exchange(Ring.java:31)", "com.acme.Ring.main(Ring.java:12)"));
        RankStatus[] ranks = {recv(0, 1), new RankStatus(1, RankState.BLOCKED, 5, List.of(t))};
        Finding f = DeadlockReport.finding(ranks, List.of(0, 1));
        assertTrue(f.status().get(0).stack().isEmpty(), "a thread not sampled has no stack");
        List<SiteRef> stack = f.status().get(1).stack();
        assertEquals(2, stack.size());
        assertEquals(new SiteRef("com.acme.Ring", "exchange", "Ring.java", 31), stack.get(0));
        assertEquals(12, stack.get(1).line());
    }

    @Test
    void ranksStuckInSendsAndReceivesAreToldToMatchThemAndNothingAboutWindows() {
        Finding f = DeadlockReport.finding(new RankStatus[] {recv(0, 1), recv(1, 0)}, List.of(0, 1));
        assertTrue(f.message().endsWith(DeadlockAdvice.POINT_TO_POINT), f.message());
        assertFalse(f.message().contains("Win."), f.message());
    }

    /** A start waiting for a post a NOCHECK post never announced, its target in waitFor: the one-sided advice. */
    @Test
    void ranksStuckInOneSidedSynchronisationAreToldHowItPairsNotToSendFirst() {
        RankStatus[] ranks = {
            blocked(0, Statuses.thread(WaitKind.ANY_OF, "Win.start", 33, new int[] {1}, true, "")),
            blocked(1, Statuses.thread(WaitKind.ANY_OF, "Win.waitFor", 27, new int[] {0}, true, ""))};
        Finding f = DeadlockReport.finding(ranks, List.of(0, 1));
        assertTrue(f.message().endsWith(DeadlockAdvice.ONE_SIDED), f.message());
        assertTrue(f.message().contains("MPI.MODE_NOCHECK both or neither"), f.message());
        assertFalse(f.message().contains("Comm.sendRecv"), f.message());
    }

    @Test
    void aLockWaitIsOneSidedAndACollectiveBesideAReceiveGetsBothSentences() {
        RankStatus[] locks = {
            blocked(0, Statuses.thread(WaitKind.LOCK, "Win.lock", 20, new int[] {1}, false, "")),
            blocked(1, Statuses.thread(WaitKind.LOCK, "Win.lock", 21, new int[] {0}, false, ""))};
        assertTrue(DeadlockReport.finding(locks, List.of(0, 1)).message().endsWith(DeadlockAdvice.ONE_SIDED));
        RankStatus[] mixed = {collective(0, "Intracomm.barrier", "world", 1), recv(1, 0)};
        String message = DeadlockReport.finding(mixed, List.of(0, 1)).message();
        assertTrue(message.endsWith(DeadlockAdvice.POINT_TO_POINT + DeadlockAdvice.COLLECTIVE), message);
    }
}
