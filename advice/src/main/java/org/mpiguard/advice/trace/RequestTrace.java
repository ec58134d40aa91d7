package org.mpiguard.advice.trace;

import org.mpiguard.adapter.shadow.RequestShadow;
import org.mpiguard.adapter.shadow.RequestShadows;
import org.mpiguard.adapter.trace.StatusFields;
import org.mpiguard.adapter.trace.StatusFormWaits;
import org.mpiguard.adapter.trace.TraceIds;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.trace.CompletionOp;
import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.RequestOp;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * Requests in the trace: their ids (held on the request's shadow, given when the request
 * was made), completions by wait and test with the matched source and tag when the
 * program asked for a Status, and the rest of their life (persistent create, start, free,
 * cancel).
 */
public final class RequestTrace {

    // an initialValue, not withInitial(...::new): no call site to link at class initialisation
    private static final ThreadLocal<RequestShadow.View> VIEW = new ThreadLocal<>() {
        @Override
        protected RequestShadow.View initialValue() {
            return new RequestShadow.View();
        }
    };

    private RequestTrace() {
    }

    /** The trace id of {@code request}: 0 for none (a blocking call), -1 if its shadow was lost. */
    static long id(Object request) {
        if (request == null) {
            return 0;
        }
        RequestShadow.View view = VIEW.get();
        return RequestShadows.lookup(request, view) ? view.traceId : -1;
    }

    /** {@link #completed(RequestShadow.View, Object, int, CompletionOp, int)}: the Status is the program's, the one given. */
    public static final int GIVEN = -1;
    /**
     * {@link #completed(RequestShadow.View, Object, int, CompletionOp, int)}: the Status is the one this
     * thread's call rule got (the completions without a Status are made by the adapter's
     * {@link StatusFormWaits} instead of the program, which holds what they got).
     */
    public static final int WAITED_ONE = StatusFormWaits.WAITED_ONE;

    /**
     * One request of a wait or test completed (the completion event): its Status is {@code given}
     * ({@link #GIVEN}) or what this thread's call rule got from MPI ({@link #WAITED_ONE}, or
     * {@code waitedAt}, the place of the request's Status among those); {@code shadow} is the
     * request's, as the completion event looked it up. Without a recorder, one volatile read
     * and nothing else.
     */
    public static void completed(RequestShadow.View shadow, Object given, int waitedAt, CompletionOp op, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            record(r, shadow, waitedAt == GIVEN ? given : StatusFormWaits.waited(waitedAt), op, site);
        }
    }

    /** Request.getStatus: one request completed, with the Status the program got. */
    public static void completed(Object request, Object status, CompletionOp op, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null && request != null) {
            record(r, request, status, op, site);
        }
    }

    private static void record(TraceRecorder r, Object request, Object status, CompletionOp op, int site) {
        RequestShadow.View view = VIEW.get();
        if (RequestShadows.lookup(request, view)) {
            record(r, view, status, op, site);
        }
    }

    private static void record(TraceRecorder r, RequestShadow.View view, Object status, CompletionOp op, int site) {
        int source = -1;
        int tag = -1;
        if (status != null && view.kind == WaitKind.RECEIVE) {
            source = TraceIds.peer(view.comm, StatusFields.source(status));
            tag = StatusFields.tag(status);
        }
        r.complete(site, op, view.traceId, source, tag, -1, 0);
    }

    /** Free and cancel. */
    public static void life(Object request, RequestOp op, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null && request != null) {
            r.request(site, op, id(request));
        }
    }

    /**
     * sendInit, recvInit and friends: the persistent request is made, and its shadow keeps
     * what each start sends or receives (count and signature; its communicator, peer and
     * tag are there already).
     */
    public static void persistent(Object request, int count, Object type, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null && request != null) {
            RequestShadows.describe(request, TraceIds.signature(type), count);
            r.request(site, RequestOp.CREATE_PERSISTENT, id(request));
        }
    }

    /** Prequest.start: the start, then the send or receive it posts, paired like any other. */
    public static void started(Object request, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r == null || request == null) {
            return;
        }
        RequestShadow.View view = VIEW.get();
        if (!RequestShadows.lookup(request, view)) {
            return;
        }
        r.request(site, RequestOp.START, view.traceId);
        int peer = TraceIds.peer(view.comm, view.peer);
        long comm = TraceIds.comm(view.comm);
        if (view.kind == WaitKind.RECEIVE) {
            r.recv(site, PointOp.START, comm, peer, TraceIds.tag(view.tag), view.traceSignature, view.traceCount,
                    view.traceId);
        } else {
            r.send(site, PointOp.START, comm, peer, view.tag, view.traceSignature, view.traceCount, view.traceId);
        }
    }

    /** Prequest.startAll: each start in the array's order. */
    public static void startedAll(Object[] requests, int site) {
        if (requests != null && TraceSession.recorder() != null) {
            for (Object q : requests) {
                started(q, site);
            }
        }
    }
}
