package org.mpiguard.advice.trace;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.core.MpiFailure;
import mpi.Request;
import mpi.Status;
import org.mpiguard.adapter.shadow.RequestShadow;
import org.mpiguard.adapter.shadow.RequestShadows;
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

    private static final ThreadLocal<RequestShadow.View> VIEW = ThreadLocal.withInitial(RequestShadow.View::new);

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

    /** {@link #completed(Object, Status, int, CompletionOp, int)}: the Status is the program's, the one given. */
    public static final int GIVEN = -1;
    /** {@link #completed(Object, Status, int, CompletionOp, int)}: the Status is the one this thread's call rule got. */
    public static final int WAITED_ONE = -2;

    /**
     * The Statuses the last wait or test of a thread asked MPI for (its Status form, made by
     * the call rules below in the program's stead), read by the completion event of the same
     * call ({@code Completions}): one holder a thread, reset by every such call while recording.
     */
    private static final class Waited {
        Status one;
        Status[] many;

        Waited set(Status status, Status[] statuses) {
            one = status;
            many = statuses;
            return this;
        }

        /** {@link #WAITED_ONE}: the one Status; k >= 0: the k-th of the many (a request's index, or its place among the indices), or null. */
        Status at(int k) {
            if (k == WAITED_ONE) {
                return one;
            }
            return many != null && k >= 0 && k < many.length ? many[k] : null;
        }
    }

    private static final ThreadLocal<Waited> WAITED = ThreadLocal.withInitial(Waited::new);

    /**
     * Request.waitFor, made instead of the program's call: while recording, a wildcard
     * receive is waited for with waitStatus (the same MPI_Wait, plus the Status the bindings
     * allocate), so the trace knows which send it took; every other request as asked. The
     * other completions without a Status below do the same: only while recording, only when
     * a wildcard receive is among the requests, the call's Status form, the program's answer.
     * What they get is recorded by the completion event, which decodes the call once.
     */
    public static void waitFor(Request request) throws MPIException, MpiFailure {
        if (TraceSession.recorder() == null) {
            request.waitFor();
            return;
        }
        Waited waited = WAITED.get().set(null, null);
        if (wildcard(request)) {
            waited.one = request.waitStatus();
        } else {
            request.waitFor();
        }
    }

    /** Request.test, instead of the program's call. */
    public static boolean test(Request request) throws MPIException, MpiFailure {
        if (TraceSession.recorder() == null) {
            return request.test();
        }
        Waited waited = WAITED.get().set(null, null);
        if (wildcard(request)) {
            waited.one = request.testStatus();
            return waited.one != null;
        }
        return request.test();
    }

    /** Request.waitAll, instead of the program's call. */
    public static void waitAll(Request[] requests) throws MPIException, MpiFailure {
        if (TraceSession.recorder() == null) {
            Request.waitAll(requests);
            return;
        }
        Waited waited = WAITED.get().set(null, null);
        if (anyWildcard(requests)) {
            waited.many = Request.waitAllStatus(requests);
        } else {
            Request.waitAll(requests);
        }
    }

    /** Request.testAll, instead of the program's call. */
    public static boolean testAll(Request[] requests) throws MPIException, MpiFailure {
        if (TraceSession.recorder() == null) {
            return Request.testAll(requests);
        }
        Waited waited = WAITED.get().set(null, null);
        if (anyWildcard(requests)) {
            waited.many = Request.testAllStatus(requests);
            return waited.many != null;
        }
        return Request.testAll(requests);
    }

    /** Request.waitAny, instead of the program's call. */
    public static int waitAny(Request[] requests) throws MPIException, MpiFailure {
        if (TraceSession.recorder() == null) {
            return Request.waitAny(requests);
        }
        Waited waited = WAITED.get().set(null, null);
        if (anyWildcard(requests)) {
            waited.one = Request.waitAnyStatus(requests);
            return waited.one.getIndex();
        }
        return Request.waitAny(requests);
    }

    /** Request.testAny, instead of the program's call. */
    public static int testAny(Request[] requests) throws MPIException, MpiFailure {
        if (TraceSession.recorder() == null) {
            return Request.testAny(requests);
        }
        Waited waited = WAITED.get().set(null, null);
        if (anyWildcard(requests)) {
            waited.one = Request.testAnyStatus(requests);
            return waited.one == null ? MPI.UNDEFINED : waited.one.getIndex();
        }
        return Request.testAny(requests);
    }

    /** Request.waitSome, instead of the program's call. */
    public static int[] waitSome(Request[] requests) throws MPIException, MpiFailure {
        if (TraceSession.recorder() == null) {
            return Request.waitSome(requests);
        }
        Waited waited = WAITED.get().set(null, null);
        if (anyWildcard(requests)) {
            waited.many = Request.waitSomeStatus(requests);
            return indicesOf(waited.many);
        }
        return Request.waitSome(requests);
    }

    /** Request.testSome, instead of the program's call. */
    public static int[] testSome(Request[] requests) throws MPIException, MpiFailure {
        if (TraceSession.recorder() == null) {
            return Request.testSome(requests);
        }
        Waited waited = WAITED.get().set(null, null);
        if (anyWildcard(requests)) {
            waited.many = Request.testSomeStatus(requests);
            return indicesOf(waited.many);
        }
        return Request.testSome(requests);
    }

    /** The indices the program's call would have returned, in the statuses' order. */
    private static int[] indicesOf(Status[] statuses) {
        if (statuses == null) {
            return null;
        }
        int[] indices = new int[statuses.length];
        for (int i = 0; i < statuses.length; i++) {
            indices[i] = statuses[i].getIndex();
        }
        return indices;
    }

    /** A receive from ANY_SOURCE or with ANY_TAG: its completion must say what it matched. */
    private static boolean wildcard(RequestShadow.View view) {
        return view.kind == WaitKind.RECEIVE && (view.peer == MPI.ANY_SOURCE || view.tag == MPI.ANY_TAG);
    }

    private static boolean wildcard(Request request) {
        RequestShadow.View view = VIEW.get();
        return RequestShadows.lookup(request, view) && wildcard(view);
    }

    private static boolean anyWildcard(Request[] requests) {
        if (requests == null) {
            return false;
        }
        RequestShadow.View view = VIEW.get();
        for (Request q : requests) {
            if (q != null && RequestShadows.lookup(q, view) && wildcard(view)) {
                return true;
            }
        }
        return false;
    }

    /**
     * One request of a wait or test completed (the completion event): its Status is {@code given}
     * ({@link #GIVEN}) or what this thread's call rule got from MPI ({@link #WAITED_ONE}, or
     * {@code waitedAt}, the place of the request's Status among those). Without a recorder,
     * one volatile read and nothing else.
     */
    public static void completed(Object request, Status given, int waitedAt, CompletionOp op, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null && request != null) {
            record(r, request, waitedAt == GIVEN ? given : WAITED.get().at(waitedAt), op, site);
        }
    }

    /** Request.getStatus: one request completed, with the Status the program got. */
    public static void completed(Object request, Status status, CompletionOp op, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null && request != null) {
            record(r, request, status, op, site);
        }
    }

    private static void record(TraceRecorder r, Object request, Status status, CompletionOp op, int site) {
        RequestShadow.View view = VIEW.get();
        if (RequestShadows.lookup(request, view)) {
            record(r, view, status, op, site);
        }
    }

    private static void record(TraceRecorder r, RequestShadow.View view, Status status, CompletionOp op, int site) {
        int source = -1;
        int tag = -1;
        if (status != null && view.kind == WaitKind.RECEIVE) {
            source = TraceIds.peer(view.comm, status.getSource());
            tag = status.getTag();
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
    public static void persistent(Object request, int count, Datatype type, int site) {
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
