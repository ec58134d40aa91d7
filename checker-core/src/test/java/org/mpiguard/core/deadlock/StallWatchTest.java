package org.mpiguard.core.deadlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.report.Finding;

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
