package org.mpiguard.advice;

import org.mpiguard.adapter.MpiConstants;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.adapter.shadow.RequestShadow;
import org.mpiguard.adapter.shadow.RequestShadows;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.adapter.trace.StatusFields;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.collective.CommIdentity;
import org.mpiguard.core.deadlock.WildcardTakes;

/**
 * Nonblocking requests as the wait-for graph needs them: what each one waits for is
 * noted when it is made, and a thread blocked in a wait is described by the requests it
 * waits on. waitFor on one request is exact; waitAny and waitSome return as soon as one
 * completes, so while they block none has, and OR over them is exact too; waitAll may
 * already hold completed requests, so it is OR as well (never a false finding).
 */
public final class RequestWaits {

    // an initialValue, not withInitial(...::new): no call site to link at class initialisation
    private static final ThreadLocal<RequestShadow.View> VIEW = new ThreadLocal<>() {
        @Override
        protected RequestShadow.View initialValue() {
            return new RequestShadow.View();
        }
    };

    private RequestWaits() {
    }

    public static void sent(Object request, Object comm, int dest, int tag, Object buffer, int site) {
        RequestShadows.made(request, WaitKind.SEND, comm, dest, tag, site, buffer);
    }

    public static void received(Object request, Object comm, int source, int tag, Object buffer, int site) {
        RequestShadows.made(request, WaitKind.RECEIVE, comm, source, tag, site, buffer);
    }

    /** The request of a nonblocking collective just recorded on {@code comm}. */
    public static void collective(Object request, Object comm, int site) {
        if (!MpiRuntime.tracksCollectives()) {
            return;
        }
        CommIdentity identity = Shadows.identity(comm);
        RequestShadows.made(request, WaitKind.COLLECTIVE, comm, ThreadActivity.NO_PEER,
                identity == null ? 0 : (int) identity.collectives(), site, null);
    }

    /**
     * A request completed with the program's Status (the Status forms of wait and test): a
     * receive from any source notes whose message it took, as a blocking one does
     * ({@link Blocking#received}). Without a Status the source is not known here (asking MPI
     * would be a call the program does not make). {@code shadow} is the request's, as the
     * completion event looked it up.
     */
    public static void completed(RequestShadow.View shadow, Object status) {
        if (status != null && shadow.kind == WaitKind.RECEIVE && shadow.peer == MpiConstants.ANY_SOURCE) {
            WildcardTakes.RANK.took(shadow.comm, StatusFields.source(status), StatusFields.tag(status), shadow.site);
        }
    }

    /** Request.waitFor / waitStatus. */
    public static ThreadActivity waitOne(Object request, int site) {
        ThreadActivity activity = RankActivity.current();
        RequestShadow.View e = VIEW.get();
        if (RequestShadows.lookup(request, e)) {
            activity.enter(e.kind, site, e.comm, e.kind == WaitKind.COLLECTIVE ? ThreadActivity.NO_PEER : e.peer,
                    ThreadActivity.NO_PEER, e.tag);
        } else {
            activity.enter(WaitKind.UNTRACKED, site, null, ThreadActivity.NO_PEER, ThreadActivity.NO_PEER, 0);
        }
        return activity;
    }

    /** waitAll, waitAny, waitSome: the array is resolved by the watchdog when it looks. */
    public static ThreadActivity waitMany(Object[] requests, int site) {
        ThreadActivity activity = RankActivity.current();
        activity.enter(WaitKind.ANY_OF, site, requests, ThreadActivity.NO_PEER, ThreadActivity.NO_PEER, 0);
        return activity;
    }

    /** A poll on one request. */
    public static void pollOne(Object request, int site) {
        ThreadActivity activity = RankActivity.current();
        RequestShadow.View e = VIEW.get();
        if (RequestShadows.lookup(request, e)) {
            activity.poll(site, e.kind, e.comm, e.kind == WaitKind.COLLECTIVE ? ThreadActivity.NO_PEER : e.peer, e.tag);
        } else {
            activity.poll(site, WaitKind.UNTRACKED, null, ThreadActivity.NO_PEER, 0);
        }
    }

    /** A poll on several requests (testAll, testAny, testSome). */
    public static void pollMany(Object[] requests, int site) {
        RankActivity.current().poll(site, WaitKind.ANY_OF, requests, ThreadActivity.NO_PEER, 0);
    }

    /** Comm.iProbe. */
    public static void pollProbe(Object comm, int source, int tag, int site) {
        RankActivity.current().poll(site, WaitKind.RECEIVE, comm, source, tag);
    }

    /** The poll's answer: anything but "nothing yet" ends the episode. */
    public static void polled(boolean found) {
        if (found) {
            RankActivity.current().pollSucceeded();
        }
    }
}
