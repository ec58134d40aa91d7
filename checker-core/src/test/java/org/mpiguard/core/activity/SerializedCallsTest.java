package org.mpiguard.core.activity;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SerializedCallsTest {

    private final Thread other = new Thread(() -> { }, "other");
    private final ThreadActivity mine = new ThreadActivity(Thread.currentThread());
    private final ThreadActivity theirs = new ThreadActivity(other);

    @AfterEach
    void stopWatching() {
        SerializedCalls.reset();
    }

    @Test
    void unwatchedLevelsRememberNoThreadInside() {
        theirs.enter(WaitKind.RECEIVE, 3, null, 1, ThreadActivity.NO_PEER, 7);
        assertNull(SerializedCalls.other(Thread.currentThread()), "only MPI.THREAD_SERIALIZED is watched");
    }

    @Test
    void aThreadInsideABlockingCallIsSeenByAnotherThreadOnlyUntilItLeaves() {
        SerializedCalls.watch();
        theirs.enter(WaitKind.RECEIVE, 3, null, 1, ThreadActivity.NO_PEER, 7);
        assertSame(theirs, SerializedCalls.other(Thread.currentThread()));
        assertNull(SerializedCalls.other(other), "a thread is never beside itself");
        theirs.exit();
        assertNull(SerializedCalls.other(Thread.currentThread()), "it left its call");
    }

    @Test
    void theLaterOfTwoThreadsInsideIsRememberedAndAnEarlierExitDoesNotForgetIt() {
        SerializedCalls.watch();
        theirs.enter(WaitKind.RECEIVE, 3, null, 1, ThreadActivity.NO_PEER, 7);
        mine.enter(WaitKind.SEND, 4, null, 1, ThreadActivity.NO_PEER, 7);
        theirs.exit();
        assertSame(mine, SerializedCalls.other(other), "the exit of a call that is no longer the one remembered");
        mine.exit();
        assertNull(SerializedCalls.other(other));
    }
}
