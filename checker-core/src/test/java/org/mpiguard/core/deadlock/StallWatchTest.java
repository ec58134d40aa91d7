package org.mpiguard.core.deadlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;

/** Stalls are confirmed by two samples and each wait is reported once. */
class StallWatchTest {

    private static final long TIMEOUT = 2000;

    @Test
    void twoSamplesOfWaitsPastTheTimeoutConfirmOneStall() {
        StallWatch watch = new StallWatch(3, TIMEOUT);
        RankStatus[] waits = {barrier(0, 5), barrier(1, 5), spinning(2)};
        watch.observe(waits, 0);
        watch.observe(waits, TIMEOUT);
        assertNull(watch.confirm(waits, TIMEOUT), "the first sample only");
        Finding f = watch.confirm(waits, TIMEOUT + 100);
        assertNotNull(f);
        assertEquals(List.of(2), f.ranks());
    }

    @Test
    void theSameWaitsSeenAgainWithOneRankGoneAreNoSecondStall() {
        StallWatch watch = afterOneStall();
        // the barrier ended: rank 1's status says so first, rank 0's and 2's are still the old ones
        RankStatus[] ending = {barrier(0, 5), Statuses.finished(1, 21), spinning(2)};
        watch.observe(ending, TIMEOUT + 200);
        assertNull(watch.confirm(ending, TIMEOUT + 200));
        assertNull(watch.confirm(ending, TIMEOUT + 300), "rank 0's wait was reported already");
    }

    @Test
    void aLaterWaitOfTheSameRankIsANewStall() {
        StallWatch watch = afterOneStall();
        RankStatus[] next = {barrier(0, 7), barrier(1, 7), spinning(2)};
        long t = 10_000;
        watch.observe(next, t);
        assertNull(watch.confirm(next, t + TIMEOUT));
        assertNotNull(watch.confirm(next, t + TIMEOUT + 100), "the next barrier is another wait");
    }

    /**
     * Every live rank waits inside MPI in a call the wait-for graph takes as able to complete
     * (here an intercommunicator's bcast, whose root nobody passes): after two samples without
     * progress, one warning at the lowest rank's wait with the others related; a finished rank
     * does not stop it, a running or unknown one does.
     */
    @Test
    void everyLiveRankWaitingInsideMpiIsOneHangWarningNamingEveryWait() {
        StallWatch watch = new StallWatch(4, TIMEOUT);
        RankStatus[] waits = {bcast(0), bcast(1), bcast(2), Statuses.finished(3, 30)};
        watch.observe(waits, 0);
        assertNull(watch.confirm(waits, TIMEOUT), "the first sample only");
        Finding f = watch.confirm(waits, TIMEOUT + 100);
        assertNotNull(f);
        assertEquals(FindingKind.STALL, f.kind());
        assertEquals(List.of(0, 1, 2), f.ranks());
        assertEquals(24, f.site().line());
        assertEquals(List.of(1, 2), f.related().stream().map(r -> r.rank()).toList());
        assertTrue(f.message().startsWith("Hang: rank 0 in Intercomm.bcast at "), f.message());
        assertNull(watch.confirm(waits, TIMEOUT + 200), "said once");

        StallWatch withRunning = new StallWatch(3, TIMEOUT);
        RankStatus[] oneRuns = {bcast(0), bcast(1), Statuses.running(2)};
        withRunning.observe(oneRuns, 0);
        withRunning.confirm(oneRuns, TIMEOUT);
        assertNull(withRunning.confirm(oneRuns, TIMEOUT + 100), "a rank still runs (and nobody waits for it)");

        StallWatch onChildren = new StallWatch(2, TIMEOUT);
        RankStatus[] receiving = {bcast(0), Statuses.recv(1, 0)};
        onChildren.observe(receiving, 0);
        onChildren.confirm(receiving, TIMEOUT);
        assertNull(onChildren.confirm(receiving, TIMEOUT + 100),
                "a point-to-point wait the graph did not blame may wait on another job's rank");

        StallWatch withUnknown = new StallWatch(3, TIMEOUT);
        RankStatus[] oneSilent = {bcast(0), bcast(1), RankStatus.unknown(2)};
        withUnknown.observe(oneSilent, 0);
        withUnknown.confirm(oneSilent, TIMEOUT);
        assertNull(withUnknown.confirm(oneSilent, TIMEOUT + 100), "a rank that did not answer is never blamed");
    }

    private static RankStatus bcast(int rank) {
        ThreadStatus t = Statuses.thread(WaitKind.COLLECTIVE, "Intercomm.bcast", 24, new int[0], false, "9");
        return new RankStatus(rank, RankState.BLOCKED, 4, List.of(t));
    }

    /** A watch that has reported ranks 0 and 1 waiting in a barrier at progress 5 for rank 2. */
    private static StallWatch afterOneStall() {
        StallWatch watch = new StallWatch(3, TIMEOUT);
        RankStatus[] waits = {barrier(0, 5), barrier(1, 5), spinning(2)};
        watch.observe(waits, 0);
        watch.confirm(waits, TIMEOUT);
        assertNotNull(watch.confirm(waits, TIMEOUT + 100));
        return watch;
    }

    private static RankStatus barrier(int rank, long progress) {
        ThreadStatus t = Statuses.thread(WaitKind.COLLECTIVE, "Comm.barrier", 17, new int[] {0, 1, 2}, false, "1");
        return new RankStatus(rank, RankState.BLOCKED, progress, List.of(t));
    }

    private static RankStatus spinning(int rank) {
        ThreadStatus t = new ThreadStatus("main", WaitKind.NONE, null, null, null, null, 0, new int[0], false, "", "")
                .withSample(1_000_000, List.of("com.acme.Ring.spin(Ring.java:28)"));
        return new RankStatus(rank, RankState.RUNNING, 3, List.of(t));
    }
}
