package org.mpiguard.advice.trace;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
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

    /**
     * Request.waitFor, made instead of the program's call: while recording, a wildcard
     * receive is waited for with waitStatus (the same MPI_Wait, plus the Status the bindings
     * allocate), so the trace knows which send it took; every other request as asked. The
     * other completions without a Status below do the same: only while recording, only when
     * a wildcard receive is among the requests, the call's Status form, the program's answer.
     */
    public static void waitFor(Request request, int site) throws MPIException {
        TraceRecorder r = TraceSession.recorder();
        if (r == null) {
            request.waitFor();
            return;
        }
        RequestShadow.View view = VIEW.get();
        if (!RequestShadows.lookup(request, view)) {
            request.waitFor();
            return;
        }
        Status status = wildcard(view) ? request.waitStatus() : waited(request);
        record(r, view, status, CompletionOp.WAIT, site);
    }

    private static Status waited(Request request) throws MPIException {
        request.waitFor();
        return null;
    }

    /** Request.test, instead of the program's call. */
    public static boolean test(Request request, int site) throws MPIException {
        TraceRecorder r = TraceSession.recorder();
        if (r == null) {
            return request.test();
        }
        RequestShadow.View view = VIEW.get();
        boolean known = RequestShadows.lookup(request, view);
        if (known && wildcard(view)) {
            Status status = request.testStatus();
            if (status != null) {
                record(r, view, status, CompletionOp.TEST, site);
            }
            return status != null;
        }
        boolean done = request.test();
        if (done && known) {
            record(r, view, null, CompletionOp.TEST, site);
        }
        return done;
    }

    /** Request.waitAll, instead of the program's call. */
    public static void waitAll(Request[] requests, int site) throws MPIException {
        if (TraceSession.recorder() == null) {
            Request.waitAll(requests);
            return;
        }
        if (!anyWildcard(requests)) {
            Request.waitAll(requests);
            allCompleted(requests, null, CompletionOp.WAIT_ALL, site);
            return;
        }
        allCompleted(requests, Request.waitAllStatus(requests), CompletionOp.WAIT_ALL, site);
    }

    /** Request.testAll, instead of the program's call. */
    public static boolean testAll(Request[] requests, int site) throws MPIException {
        if (TraceSession.recorder() == null) {
            return Request.testAll(requests);
        }
        if (!anyWildcard(requests)) {
            boolean done = Request.testAll(requests);
            if (done) {
                allCompleted(requests, null, CompletionOp.TEST_ALL, site);
            }
            return done;
        }
        Status[] statuses = Request.testAllStatus(requests);
        if (statuses != null) {
            allCompleted(requests, statuses, CompletionOp.TEST_ALL, site);
        }
        return statuses != null;
    }

    /** Request.waitAny, instead of the program's call. */
    public static int waitAny(Request[] requests, int site) throws MPIException {
        if (TraceSession.recorder() == null) {
            return Request.waitAny(requests);
        }
        if (!anyWildcard(requests)) {
            int index = Request.waitAny(requests);
            anyCompleted(requests, index, null, CompletionOp.WAIT_ANY, site);
            return index;
        }
        Status status = Request.waitAnyStatus(requests);
        anyCompleted(requests, status, CompletionOp.WAIT_ANY, site);
        return status.getIndex();
    }

    /** Request.testAny, instead of the program's call. */
    public static int testAny(Request[] requests, int site) throws MPIException {
        if (TraceSession.recorder() == null) {
            return Request.testAny(requests);
        }
        if (!anyWildcard(requests)) {
            int index = Request.testAny(requests);
            anyCompleted(requests, index, null, CompletionOp.TEST_ANY, site);
            return index;
        }
        Status status = Request.testAnyStatus(requests);
        anyCompleted(requests, status, CompletionOp.TEST_ANY, site);
        return status == null ? MPI.UNDEFINED : status.getIndex();
    }

    /** Request.waitSome, instead of the program's call. */
    public static int[] waitSome(Request[] requests, int site) throws MPIException {
        if (TraceSession.recorder() == null) {
            return Request.waitSome(requests);
        }
        if (!anyWildcard(requests)) {
            int[] indices = Request.waitSome(requests);
            someCompleted(requests, indices, CompletionOp.WAIT_SOME, site);
            return indices;
        }
        return indicesOf(requests, Request.waitSomeStatus(requests), CompletionOp.WAIT_SOME, site);
    }

    /** Request.testSome, instead of the program's call. */
    public static int[] testSome(Request[] requests, int site) throws MPIException {
        if (TraceSession.recorder() == null) {
            return Request.testSome(requests);
        }
        if (!anyWildcard(requests)) {
            int[] indices = Request.testSome(requests);
            someCompleted(requests, indices, CompletionOp.TEST_SOME, site);
            return indices;
        }
        return indicesOf(requests, Request.testSomeStatus(requests), CompletionOp.TEST_SOME, site);
    }

    /** The completions the statuses name, recorded; the indices the program's call would have returned. */
    private static int[] indicesOf(Request[] requests, Status[] statuses, CompletionOp op, int site) {
        if (statuses == null) {
            return null;
        }
        someCompleted(requests, statuses, op, site);
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

    /** waitFor, test (when true), waitStatus, testStatus, getStatus: one request completed. */
    public static void completed(Object request, Status status, CompletionOp op, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r == null || request == null) {
            return;
        }
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

    /** waitAll, testAll (when true), and their Status variants. */
    public static void allCompleted(Request[] requests, Status[] statuses, CompletionOp op, int site) {
        if (TraceSession.recorder() == null || requests == null) {
            return;
        }
        for (int i = 0; i < requests.length; i++) {
            completed(requests[i], statuses != null && i < statuses.length ? statuses[i] : null, op, site);
        }
    }

    /** waitAny, testAny: the index MPI returned (MPI.UNDEFINED when none). */
    public static void anyCompleted(Request[] requests, int index, Status status, CompletionOp op, int site) {
        if (requests != null && index >= 0 && index < requests.length) {
            completed(requests[index], status, op, site);
        }
    }

    /** waitAny/testAny with a Status: the index is in it. */
    public static void anyCompleted(Request[] requests, Status status, CompletionOp op, int site) {
        if (status != null) {
            anyCompleted(requests, status.getIndex(), status, op, site);
        }
    }

    /** waitSome, testSome: the indices MPI returned. */
    public static void someCompleted(Request[] requests, int[] indices, CompletionOp op, int site) {
        if (indices == null || requests == null || TraceSession.recorder() == null) {
            return;
        }
        for (int i : indices) {
            if (i >= 0 && i < requests.length) {
                completed(requests[i], null, op, site);
            }
        }
    }

    /** waitSomeStatus, testSomeStatus: each Status names its request. */
    public static void someCompleted(Request[] requests, Status[] statuses, CompletionOp op, int site) {
        if (statuses == null || requests == null || TraceSession.recorder() == null) {
            return;
        }
        for (Status s : statuses) {
            int i = s == null ? -1 : s.getIndex();
            if (i >= 0 && i < requests.length) {
                completed(requests[i], s, op, site);
            }
        }
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
