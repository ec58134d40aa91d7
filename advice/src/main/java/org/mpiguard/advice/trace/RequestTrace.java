package org.mpiguard.advice.trace;

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
     * allocate), so the trace knows which send it took; every other request as asked.
     */
    public static void waitFor(Request request, int site) throws MPIException {
        TraceRecorder r = TraceSession.recorder();
        RequestShadow.View view = VIEW.get();
        if (r == null || !RequestShadows.lookup(request, view)) {
            request.waitFor();
            return;
        }
        Status status = null;
        if (view.kind == WaitKind.RECEIVE && (view.peer == MPI.ANY_SOURCE || view.tag == MPI.ANY_TAG)) {
            status = request.waitStatus();
        } else {
            request.waitFor();
        }
        record(r, view, status, CompletionOp.WAIT, site);
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

    /** Persistent create, start, free, cancel. */
    public static void life(Object request, RequestOp op, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null && request != null) {
            r.request(site, op, id(request));
        }
    }
}
