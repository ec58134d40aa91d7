package org.mpiguard.core.deadlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiguard.core.deadlock.Statuses.WORLD;
import static org.mpiguard.core.deadlock.Statuses.finished;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;

/**
 * The coordinator driven through schedules a loaded machine produces: a rank descheduled
 * while a message it waits for is already on its way (its sender has even finished), and
 * ranks waiting for a rank that computes outside MPI (a stall, not a deadlock).
 */
class CoordinatorScheduleTest {

    private static final long TIMEOUT = 100;
    /** Rounds are at least max(200, timeout / 4) apart. */
    private static final long CONFIRM = 200;
    private static final long MS = 1_000_000L;

    private final RecordingTransport transport = new RecordingTransport();

    /** Rank 2 in sendRecv (to rank 0, from rank 1) with its thread's CPU time so far. */
    private static RankStatus haloWait(long cpuNanos) {
        ThreadStatus t = Statuses.p2p(WaitKind.SEND_RECEIVE, "Comm.sendRecv", 37, new int[] {0, 1}, false,
                new Envelopes(0, 5, 1, 5, WORLD)).withSample(cpuNanos, List.of());
        return new RankStatus(2, RankState.BLOCKED, 9, List.of(t));
    }

    /** One round at {@code now}: rank 0 local, rank 1 finished (known), rank 2 answers {@code two}. */
    private void round(Coordinator c, long now, RankStatus zero, RankStatus two) {
        transport.local = zero;
        c.suspect();
        c.step(now);
        c.onStatus(2, transport.requests.size(), two);
        c.step(now);
    }

    /** A coordinator that saw ranks 0 and 1 finish and rank 2 wait in its sendRecv at 40 ms of CPU. */
    private Coordinator afterHaloWithRanksZeroAndOneFinished() {
        Coordinator c = new Coordinator(3, TIMEOUT, 5000, transport);
        c.onFinished(0, finished(0, 20));
        c.onFinished(1, finished(1, 20));
        round(c, 0, finished(0, 20), haloWait(40 * MS));
        return c;
    }

    @Test
    void aRankThatDidNotRunBetweenTheSnapshotsIsNotConfirmedDeadlocked() {
        // HaloShiftFixed under load: ranks 0 and 1 have done their sendRecv and reached
        // Finalize; rank 1's message to rank 2 is sent (eagerly), but rank 2 has not been
        // scheduled since, so its sendRecv still waits on a finished rank.
        Coordinator c = afterHaloWithRanksZeroAndOneFinished();
        round(c, CONFIRM, finished(0, 20), haloWait(40 * MS + MS / 4));
        round(c, 2 * CONFIRM, finished(0, 20), haloWait(40 * MS + MS / 2));
        assertTrue(transport.deadlocks.isEmpty(), "rank 2 used 0.5 ms of CPU in 400 ms: it was hardly given the"
                + " chance to receive, so no snapshot says it cannot");
        assertTrue(c.busy(), "it is looked at again");
        // then it runs and completes: the next snapshot shows it finished
        c.onFinished(2, finished(2, 20));
        round(c, 3 * CONFIRM, finished(0, 20), haloWait(40 * MS + MS / 2));
        assertTrue(transport.deadlocks.isEmpty());
    }

    @Test
    void aRankThatSpunWithoutProgressIsConfirmedDeadlocked() {
        Coordinator c = afterHaloWithRanksZeroAndOneFinished();
        round(c, CONFIRM, finished(0, 20), haloWait(40 * MS + MS));
        assertTrue(transport.deadlocks.isEmpty(), "1 ms of CPU is too little to count as having polled");
        round(c, 2 * CONFIRM, finished(0, 20), haloWait(40 * MS + Coordinator.MIN_RUN_NANOS));
        assertEquals(1, transport.deadlocks.size(), "it ran long enough against the first snapshot and is still stuck");
    }

    @Test
    void aRankNeverSeenRunningIsJudgedByTimeAloneAfterTheLongestConfirmation() {
        Coordinator c = afterHaloWithRanksZeroAndOneFinished();
        round(c, 4_000, finished(0, 20), haloWait(40 * MS));
        assertTrue(transport.deadlocks.isEmpty());
        round(c, 5_000, finished(0, 20), haloWait(40 * MS));
        assertEquals(1, transport.deadlocks.size(), "a blocked call that sleeps instead of spinning is still found");
    }

    private static RankStatus barrier(int rank, long progress, int... others) {
        return new RankStatus(rank, RankState.BLOCKED, progress, List.of(
                Statuses.thread(WaitKind.COLLECTIVE, "Intracomm.barrier", 44, others, false, "world#1")));
    }

    /** Rank 2 computing: running, its main thread at {@code frames} (empty when not sampled). */
    private static RankStatus computing(long progress, String... frames) {
        ThreadStatus t = new ThreadStatus("main", WaitKind.NONE, "Intracomm.allReduce", "com.acme.Slow", "main",
                "Slow.java", 12, new int[0], false, "", "").withSample(5 * MS, List.of(frames));
        return new RankStatus(2, RankState.RUNNING, progress, List.of(t));
    }

    /** A stall round: rank 0 local, ranks 1 and 2 answer; rank 2 sampled only if asked to. */
    private void stallRound(Coordinator c, long now, long spinnerProgress, String frame) {
        transport.local = barrier(0, 3, 1, 2);
        c.suspect();
        c.step(now);
        int round = transport.requests.size() / 2;
        boolean sampled = transport.samples.get(transport.samples.size() - 1);
        c.onStatus(1, round, barrier(1, 3, 0, 2));
        c.onStatus(2, round, sampled ? computing(spinnerProgress, frame, "com.acme.Slow.main(Slow.java:30)")
                : computing(spinnerProgress));
        c.step(now);
    }

    @Test
    void ranksWaitingLongForARankThatComputesAreAStallReportedOnce() {
        Coordinator c = new Coordinator(3, TIMEOUT, 5000, 2000, transport);
        stallRound(c, 0, 7, "com.acme.Slow.spin(Slow.java:21)");
        stallRound(c, 1000, 7, "com.acme.Slow.spin(Slow.java:21)");
        assertFalse(transport.samples.contains(true), "no stack is taken before the stall timeout");
        stallRound(c, 2000, 7, "com.acme.Slow.spin(Slow.java:22)");
        assertTrue(transport.stalls.isEmpty(), "one sample is never a verdict");
        stallRound(c, 2000 + CONFIRM, 7, "com.acme.Slow.spin(Slow.java:21)");
        assertEquals(1, transport.stalls.size());
        Finding stall = transport.stalls.get(0);
        assertEquals(FindingKind.STALL, stall.kind());
        assertEquals(Severity.WARNING, stall.severity());
        assertEquals(List.of(2), stall.ranks());
        assertEquals("Slow.java", stall.site().file());
        assertEquals(21, stall.site().line());
        assertEquals(2, stall.related().size(), "both waiting ranks' barriers");
        assertTrue(stall.message().contains("rank 0 in Intracomm.barrier at Ring.java:44"), stall.message());
        assertTrue(stall.message().contains("moved between two samples"), stall.message());
        stallRound(c, 3000, 7, "com.acme.Slow.spin(Slow.java:21)");
        stallRound(c, 3000 + CONFIRM, 7, "com.acme.Slow.spin(Slow.java:21)");
        assertEquals(1, transport.stalls.size(), "said once");
        assertTrue(transport.deadlocks.isEmpty(), "a stall is never a deadlock");
    }

    @Test
    void noStallBeforeTheStallTimeoutNorWhenTheWaitersProgress() {
        Coordinator c = new Coordinator(3, TIMEOUT, 5000, 2000, transport);
        stallRound(c, 0, 7, "com.acme.Slow.spin(Slow.java:21)");
        stallRound(c, 1900, 7, "com.acme.Slow.spin(Slow.java:21)");
        stallRound(c, 1900 + CONFIRM, 7, "com.acme.Slow.spin(Slow.java:21)");
        assertTrue(transport.stalls.isEmpty(), "2 s not yet waited since the first look");
        assertTrue(transport.deadlocks.isEmpty());
    }
}
