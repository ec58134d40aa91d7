package org.mpiguard.adapter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;

/** This rank's own hang watch, driven by the test thread's blocking state and a made-up clock. */
class HangWatchTest {

    private static final long TIMEOUT = 1000;
    private final HangWatch watch = new HangWatch(TIMEOUT, 60_000);
    private final List<Boolean> suspicions = new ArrayList<>();
    private final ThreadActivity me = RankActivity.current();

    @AfterEach
    void leaveTheCall() {
        me.exit();
    }

    private void block() {
        me.enter(WaitKind.RECEIVE, 0, null, 1, ThreadActivity.NO_PEER, 5);
    }

    @Test
    void aRankBlockedWithoutProgressPastTheTimeoutIsSuspectedOncePerTimeout() throws Exception {
        block();
        watch.watch(0, suspicions::add);
        watch.watch(TIMEOUT - 1, suspicions::add);
        assertEquals(List.of(), suspicions, "not before the timeout");
        watch.watch(TIMEOUT, suspicions::add);
        watch.watch(TIMEOUT + 10, suspicions::add);
        assertEquals(List.of(false), suspicions, "a deadlock suspicion, said once");
        watch.watch(2 * TIMEOUT, suspicions::add);
        assertEquals(List.of(false, false), suspicions, "and again a timeout later");
    }

    @Test
    void progressRestartsTheClockAndARunningRankIsNeverSuspected() throws Exception {
        block();
        watch.watch(0, suspicions::add);
        me.exit();
        watch.watch(TIMEOUT, suspicions::add);
        block();
        watch.watch(TIMEOUT + 1, suspicions::add);
        watch.watch(2 * TIMEOUT, suspicions::add);
        assertEquals(List.of(), suspicions, "blocked again at " + (TIMEOUT + 1) + ": the clock started there");
        watch.watch(2 * TIMEOUT + 1, suspicions::add);
        assertEquals(List.of(false), suspicions);
    }
}
