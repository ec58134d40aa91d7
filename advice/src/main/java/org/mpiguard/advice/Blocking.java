package org.mpiguard.advice;

import org.mpiguard.adapter.MpiConstants;
import org.mpiguard.adapter.trace.StatusFields;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.deadlock.WildcardTakes;

/**
 * Marks the calling thread as blocked in an MPI call, for the watchdog to see. Each
 * method returns the thread's activity record so the caller can mark the exit in a
 * finally block; nothing is allocated after a thread's first call.
 */
public final class Blocking {

    private Blocking() {
    }

    public static ThreadActivity send(Object comm, int dest, int tag, int site) {
        ThreadActivity activity = RankActivity.current();
        activity.enter(WaitKind.SEND, site, comm, dest, ThreadActivity.NO_PEER, tag);
        return activity;
    }

    public static ThreadActivity receive(Object comm, int source, int tag, int site) {
        ThreadActivity activity = RankActivity.current();
        activity.enter(WaitKind.RECEIVE, site, comm, source, ThreadActivity.NO_PEER, tag);
        return activity;
    }

    public static ThreadActivity sendReceive(Object comm, int dest, int sendTag, int source, int recvTag, int site) {
        ThreadActivity activity = RankActivity.current();
        activity.enter(WaitKind.SEND_RECEIVE, site, comm, dest, source, sendTag, recvTag);
        return activity;
    }

    /**
     * A blocking receive returned its Status: one from any source notes whose message it took,
     * for a deadlock in a later receive from that rank ({@link WildcardTakes}). One compare for
     * every other receive.
     */
    public static void received(Object comm, int source, Object status, int site) {
        if (source == MpiConstants.ANY_SOURCE && status != null) {
            WildcardTakes.RANK.took(comm, StatusFields.source(status), StatusFields.tag(status), site);
        }
    }

    /** A blocking call whose peers are not tracked yet: anyone may release it. */
    public static ThreadActivity untracked(int site) {
        ThreadActivity activity = RankActivity.current();
        activity.enter(WaitKind.UNTRACKED, site, null, ThreadActivity.NO_PEER, ThreadActivity.NO_PEER, 0);
        return activity;
    }
}
