package org.mpiguard.core.deadlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiguard.core.deadlock.Statuses.finished;
import static org.mpiguard.core.deadlock.Statuses.recv;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;

class CoordinatorTest {

    private static final long TIMEOUT = 1000;
    /** Rounds are at least max(200, timeout / 4) apart. */
    private static final long CONFIRM = 250;

    private final RecordingTransport transport = new RecordingTransport();
    private final Coordinator coordinator = new Coordinator(2, TIMEOUT, 5000, transport);

    /** One round at {@code now} in which rank 1 answers {@code one}. */
    private void round(long now, RankStatus zero, RankStatus one) {
        transport.local = zero;
        coordinator.suspect();
        coordinator.step(now);
        int round = transport.requests.size();
        assertEquals("1@" + round, transport.requests.get(round - 1), "rank 1 was asked in a new round");
        coordinator.onStatus(1, round, one);
        coordinator.step(now);
    }

    @Test
    void nothingHappensUntilARankIsSuspected() {
        coordinator.step(0);
        coordinator.step(10_000);
        assertTrue(transport.requests.isEmpty());
        assertFalse(coordinator.busy());
    }

    @Test
    void aDeadlockIsReportedOnlyWhenASecondSnapshotShowsNoProgress() {
        round(0, recv(0, 1), recv(1, 0));
        assertTrue(transport.deadlocks.isEmpty(), "one snapshot is never a verdict");
        assertTrue(coordinator.busy(), "a confirming round is wanted");
        coordinator.step(CONFIRM - 100);
        assertEquals(1, transport.requests.size(), "the confirming round waits a while");
        coordinator.step(CONFIRM);
        assertEquals(2, transport.requests.size());
        coordinator.onStatus(1, 2, recv(1, 0));
        coordinator.step(CONFIRM);
        assertEquals(1, transport.deadlocks.size());
        assertEquals(FindingKind.DEADLOCK, transport.deadlocks.get(0).kind());
        assertEquals(List.of(0, 1), transport.deadlocks.get(0).ranks());
        assertEquals(List.of(false, true), transport.samples, "stacks are taken only for the confirming round");
    }

    @Test
    void progressBetweenTheSnapshotsIsNoDeadlock() {
        round(0, recv(0, 1), recv(1, 0));
        RankStatus moved = new RankStatus(1, RankState.BLOCKED, 6, recv(1, 0).threads());
        round(CONFIRM, recv(0, 1), moved);
        assertTrue(transport.deadlocks.isEmpty(), "rank 1 progressed between the snapshots");
    }

    @Test
    void theSameHangIsReportedOnce() {
        for (int i = 0; i < 4; i++) {
            round(i * CONFIRM, recv(0, 1), recv(1, 0));
        }
        assertEquals(1, transport.deadlocks.size());
    }

    @Test
    void aSilentRankIsUnknownAfterTheDeadlineAndNeverBlamed() {
        transport.local = recv(0, 1);
        coordinator.suspect();
        coordinator.step(0);
        coordinator.step(1000);
        assertTrue(coordinator.busy(), "the round waits for rank 1 until its deadline");
        coordinator.step(3000 + 40 + 1);
        assertFalse(coordinator.busy(), "the round closed without rank 1's answer");
        assertTrue(transport.deadlocks.isEmpty());
        coordinator.onStatus(1, 1, recv(1, 0));
        coordinator.step(3100);
        assertTrue(transport.deadlocks.isEmpty(), "a late answer is dropped");
    }

    @Test
    void aRankThatExitedReleasesNobodyAndIsKnownWithoutAsking() {
        RankStatus gone = new RankStatus(1, RankState.EXITED, 3, List.of());
        coordinator.onExited(1, gone);
        assertTrue(coordinator.busy(), "an exit starts a round");
        transport.local = recv(0, 1);
        coordinator.step(0);
        assertTrue(transport.requests.isEmpty(), "the exited rank is not asked");
        coordinator.step(CONFIRM);
        assertEquals(1, transport.deadlocks.size(), "two rounds of rank 0 waiting for a rank that left");
        assertEquals(List.of(0), transport.deadlocks.get(0).ranks());
    }

    @Test
    void everyRankFinishedReleasesTheOthersOnce() {
        coordinator.onFinished(1, finished(1, 20));
        coordinator.step(0);
        assertEquals(0, transport.releases);
        coordinator.onFinished(0, finished(0, 20));
        coordinator.step(1);
        coordinator.step(2);
        assertEquals(1, transport.releases);
        assertTrue(coordinator.allFinished());
    }

    @Test
    void aRankPollingForAFinishedRankIsALivelockWarnedOnce() {
        ThreadStatus polls = new ThreadStatus("main", WaitKind.RECEIVE, "Request.test", "com.acme.Ring", "main",
                "Ring.java", 37, new int[] {1}, false, "", "from rank 1", true);
        RankStatus poller = new RankStatus(0, RankState.RUNNING, 7, List.of(polls));
        coordinator.onFinished(1, finished(1, 48));
        transport.local = poller;
        coordinator.suspect();
        coordinator.step(0);
        assertTrue(transport.livelocks.isEmpty(), "one snapshot is never a verdict");
        coordinator.step(CONFIRM);
        assertEquals(1, transport.livelocks.size());
        assertEquals(FindingKind.LIVELOCK, transport.livelocks.get(0).kind());
        coordinator.suspect();
        coordinator.step(2 * CONFIRM);
        coordinator.step(3 * CONFIRM);
        assertEquals(1, transport.livelocks.size(), "said once");
        assertTrue(transport.deadlocks.isEmpty());
    }
}
