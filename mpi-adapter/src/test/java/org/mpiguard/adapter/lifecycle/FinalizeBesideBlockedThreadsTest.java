package org.mpiguard.adapter.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;

/** Which threads a Finalize finds inside MPI: live ones in a blocking call, never itself. */
class FinalizeBesideBlockedThreadsTest {

    /** A thread that enters {@code kind} at {@code site} (NONE: no call), then waits to be let go. */
    private static Thread parked(WaitKind kind, int site, CountDownLatch entered, CountDownLatch release,
            boolean leaveInside) {
        Thread t = new Thread(() -> {
            ThreadActivity me = RankActivity.current();
            if (kind != WaitKind.NONE) {
                me.enter(kind, site, null, 1, ThreadActivity.NO_PEER, 0);
            }
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (kind != WaitKind.NONE && !leaveInside) {
                me.exit();
            }
        }, "parked-" + kind + "-" + site);
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Test
    void aLiveThreadInsideABlockingCallIsFoundWithItsSiteAndNothingElse() throws Exception {
        ThreadActivity finalizing = RankActivity.current();
        finalizing.enter(WaitKind.FINALIZE, 1, null, ThreadActivity.NO_PEER, ThreadActivity.NO_PEER, 0);
        CountDownLatch entered = new CountDownLatch(3);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch deadEntered = new CountDownLatch(1);
        Thread dead = parked(WaitKind.COLLECTIVE, 44, deadEntered, new CountDownLatch(0), true);
        deadEntered.await();
        dead.join(); // it ended still marked inside a call: a thread that is gone holds nothing of MPI
        Thread receiving = parked(WaitKind.RECEIVE, 42, entered, release, false);
        parked(WaitKind.NONE, 43, entered, release, false);
        parked(WaitKind.FINALIZE, 45, entered, release, false);
        entered.await();
        try {
            List<FinalizeBesideBlockedThreads.Blocked> blocked = FinalizeBesideBlockedThreads.blockedBeside(finalizing);
            assertEquals(1, blocked.size(), "only the receiving thread");
            assertSame(receiving, blocked.get(0).thread);
            assertEquals(42, blocked.get(0).site);
        } finally {
            release.countDown();
            finalizing.exit();
        }
        receiving.join();
        assertEquals(0, FinalizeBesideBlockedThreads.blockedBeside(finalizing).size(), "its call returned");
    }

    @Test
    void aThreadsCallIsSaidOnceOverBothLooksButAnotherCallOfItIsSaidToo() {
        Thread a = new Thread("a");
        Thread b = new Thread("b");
        List<FinalizeBesideBlockedThreads.Blocked> said = new java.util.ArrayList<>();
        List<FinalizeBesideBlockedThreads.Blocked> first = FinalizeBesideBlockedThreads.notSaid(
                List.of(new FinalizeBesideBlockedThreads.Blocked(a, 7)), said);
        assertEquals(1, first.size(), "at Finalize's entry");
        List<FinalizeBesideBlockedThreads.Blocked> second = FinalizeBesideBlockedThreads.notSaid(List.of(
                new FinalizeBesideBlockedThreads.Blocked(a, 7), new FinalizeBesideBlockedThreads.Blocked(a, 8),
                new FinalizeBesideBlockedThreads.Blocked(b, 7)), said);
        assertEquals(2, second.size(), "before MPI's own Finalize: a's next call and b's, not a's first again");
        assertSame(a, second.get(0).thread);
        assertEquals(8, second.get(0).site);
        assertSame(b, second.get(1).thread);
        assertEquals(3, said.size());
    }
}
