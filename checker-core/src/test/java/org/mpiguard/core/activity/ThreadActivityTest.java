package org.mpiguard.core.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ThreadActivityTest {

    @Test
    void enterAndExitAreSeenWithTheirFields() {
        ThreadActivity a = new ThreadActivity(Thread.currentThread());
        ThreadActivity.Snapshot s = new ThreadActivity.Snapshot();
        a.enter(WaitKind.RECEIVE, 42, "comm", 3, ThreadActivity.NO_PEER, 7);
        assertTrue(a.read(s));
        assertEquals(WaitKind.RECEIVE, s.kind);
        assertEquals(42, s.site);
        assertEquals(3, s.peer);
        assertEquals(7, s.tag);
        long inside = s.seq;
        a.exit();
        assertTrue(a.read(s));
        assertEquals(WaitKind.NONE, s.kind);
        assertEquals(42, s.lastSite);
        assertTrue(s.seq > inside, "every exit is progress");
    }

    @Test
    void theRanksProgressSumMovesOnEveryCallAndNewPollButNotOnTheSamePollAgain() {
        ThreadActivity mine = RankActivity.current();
        long before = RankActivity.progressSum();
        mine.enter(WaitKind.RECEIVE, 42, "comm", 3, ThreadActivity.NO_PEER, 7);
        long inside = RankActivity.progressSum();
        assertTrue(inside != before, "entering a call is progress");
        mine.exit();
        long after = RankActivity.progressSum();
        assertTrue(after != inside, "leaving it is progress");
        Object request = new Object();
        mine.poll(44, WaitKind.RECEIVE, request, 1, 0);
        long polling = RankActivity.progressSum();
        assertTrue(polling != after, "a new poll is progress");
        mine.poll(44, WaitKind.RECEIVE, request, 1, 0);
        assertEquals(polling, RankActivity.progressSum(), "the same poll again is not: a rank that only polls is quiet");
        mine.pollSucceeded();
    }

    @Test
    void aSendRecvKeepsItsSendTagAndItsReceiveTag() {
        ThreadActivity a = new ThreadActivity(Thread.currentThread());
        ThreadActivity.Snapshot s = new ThreadActivity.Snapshot();
        a.enter(WaitKind.SEND_RECEIVE, 43, "comm", 1, 2, 5, 6);
        assertTrue(a.read(s));
        assertEquals(1, s.peer);
        assertEquals(2, s.secondPeer);
        assertEquals(5, s.tag);
        assertEquals(6, s.secondTag);
    }

    @Test
    void aReaderNeverSeesAHalfWrittenState() throws Exception {
        ThreadActivity a = new ThreadActivity(Thread.currentThread());
        AtomicBoolean stop = new AtomicBoolean();
        Thread writer = new Thread(() -> {
            int i = 0;
            while (!stop.get()) {
                i++;
                a.enter(WaitKind.SEND, i, null, i, i, i);
                a.exit();
            }
        });
        writer.start();
        ThreadActivity.Snapshot s = new ThreadActivity.Snapshot();
        for (int n = 0; n < 200_000; n++) {
            if (a.read(s) && s.kind == WaitKind.SEND) {
                assertEquals(s.site, s.peer);
                assertEquals(s.site, s.secondPeer);
                assertEquals(s.site, s.tag);
            }
        }
        stop.set(true);
        writer.join();
    }

    @Test
    void eachThreadGetsItsOwnRecordOnce() throws Exception {
        ThreadActivity mine = RankActivity.current();
        assertEquals(mine, RankActivity.current());
        ThreadActivity[] other = new ThreadActivity[1];
        Thread t = new Thread(() -> other[0] = RankActivity.current());
        t.start();
        t.join();
        assertTrue(other[0] != mine);
        assertTrue(RankActivity.threads().contains(mine));
        assertTrue(!RankActivity.threads().contains(other[0]), "dead threads are not live");
    }

    @Test
    void threadsTakingTurnsEachKeepTheirOwnRecordWhicheverRegisteredFirst() throws Exception {
        ThreadActivity[] seen = new ThreadActivity[4];
        Thread a = new Thread(() -> {
            seen[0] = RankActivity.current();
            seen[1] = RankActivity.current();
        });
        a.start();
        a.join();
        ThreadActivity mine = RankActivity.current();
        Thread b = new Thread(() -> {
            seen[2] = RankActivity.current();
            seen[3] = RankActivity.current();
        });
        b.start();
        b.join();
        assertTrue(seen[0] == seen[1] && seen[2] == seen[3], "a thread asking again gets the same record");
        assertTrue(seen[0] != mine && seen[2] != mine && seen[0] != seen[2], "no thread gets another's");
        assertTrue(mine == RankActivity.current() && mine.thread() == Thread.currentThread());
        assertTrue(seen[0].thread() == a && seen[2].thread() == b);
    }

    @Test
    void recordsOfDeadThreadsAreDroppedSoMemoryStaysBounded() throws Exception {
        for (int i = 0; i < 600; i++) {
            Thread t = new Thread(RankActivity::current);
            t.start();
            t.join();
        }
        assertTrue(RankActivity.allThreads().size() <= 300, "kept " + RankActivity.allThreads().size());
    }
}
