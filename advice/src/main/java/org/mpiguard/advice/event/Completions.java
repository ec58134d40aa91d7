package org.mpiguard.advice.event;

import org.mpiguard.adapter.shadow.RequestShadow;
import org.mpiguard.adapter.shadow.RequestShadows;
import org.mpiguard.adapter.trace.StatusFields;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.advice.RequestWaits;
import org.mpiguard.advice.buffers.BufferRules;
import org.mpiguard.advice.trace.RequestTrace;
import org.mpiguard.core.Guard;
import org.mpiguard.core.trace.CompletionOp;

/**
 * The completion event of a wait or a test: which of the call's requests it completed,
 * worked out once from the call's outcome (the receiver, the array and its result: a flag,
 * an index, indices or statuses) and handed, request by request, to each family that acts
 * on a completion, in the declared order: the request's shadow, looked up once for all of them
 * ({@link RequestShadows#completed}: no longer active, which the argument checks read; completed
 * here, by this site, which the lifecycle reads, whatever families are on, so a newer request
 * may take its slot; and copied for the families below), the receive from any source whose
 * message the program's Status names (a deadlock's hint, {@link RequestWaits#completed}), the
 * buffers in use (released), the trace (recorded, with the source and tag the request's Status
 * names). Each listener
 * is fail-open on its own, so one family's fault never keeps the others from hearing of the
 * completion. No allocation.
 *
 * <p>The Status of each request is the program's (the call's Status form, {@link
 * RequestTrace#GIVEN}) or, for a call without one, what the trace's own call rule asked MPI
 * for (the Status form while recording with a wildcard receive among the requests, else
 * none): the event says where it lies ({@link RequestTrace#WAITED_ONE}, or its place among
 * those statuses) and the trace looks there only while recording.
 */
public final class Completions {

    /** The copy of a completed request's shadow the families read (one per thread: no allocation). */
    // an initialValue, not withInitial(...::new): no call site to link at class initialisation
    private static final ThreadLocal<RequestShadow.View> VIEW = new ThreadLocal<>() {
        @Override
        protected RequestShadow.View initialValue() {
            return new RequestShadow.View();
        }
    };

    private Completions() {
    }

    /** waitFor: the receiver completed. */
    public static void one(Object request, CompletionOp op, int site) {
        completed(request, null, RequestTrace.WAITED_ONE, op, site);
    }

    /** waitStatus: the receiver completed, with the program's Status. */
    public static void one(Object request, Object status, CompletionOp op, int site) {
        completed(request, status, RequestTrace.GIVEN, op, site);
    }

    /** test: the receiver completed when the test says so. */
    public static void oneIf(Object request, boolean done, CompletionOp op, int site) {
        if (done) {
            completed(request, null, RequestTrace.WAITED_ONE, op, site);
        }
    }

    /** testStatus: the receiver completed when a status came back. */
    public static void oneIf(Object request, Object status, CompletionOp op, int site) {
        if (status != null) {
            completed(request, status, RequestTrace.GIVEN, op, site);
        }
    }

    /** waitAll: every request of the array completed. */
    public static void all(Object[] requests, CompletionOp op, int site) {
        if (requests != null) {
            for (int i = 0; i < requests.length; i++) {
                completed(requests[i], null, i, op, site);
            }
        }
    }

    /** waitAllStatus: every request of the array completed, its Status at its index. */
    public static void all(Object[] requests, Object[] statuses, CompletionOp op, int site) {
        if (requests != null) {
            for (int i = 0; i < requests.length; i++) {
                completed(requests[i], statuses != null && i < statuses.length ? statuses[i] : null, RequestTrace.GIVEN,
                        op, site);
            }
        }
    }

    /** testAll: every request completed when the test says so. */
    public static void allIf(Object[] requests, boolean done, CompletionOp op, int site) {
        if (done) {
            all(requests, op, site);
        }
    }

    /** testAllStatus: every request completed when statuses came back. */
    public static void allIf(Object[] requests, Object[] statuses, CompletionOp op, int site) {
        if (statuses != null) {
            all(requests, statuses, op, site);
        }
    }

    /** waitAny, testAny: the request at {@code index} completed; an index out of range (UNDEFINED) completed none. */
    public static void at(Object[] requests, int index, CompletionOp op, int site) {
        at(requests, index, null, RequestTrace.WAITED_ONE, op, site);
    }

    /** waitAnyStatus, testAnyStatus: the request the status names completed. */
    public static void at(Object[] requests, Object status, CompletionOp op, int site) {
        if (status != null) {
            at(requests, StatusFields.index(status), status, RequestTrace.GIVEN, op, site);
        }
    }

    private static void at(Object[] requests, int index, Object given, int waitedAt, CompletionOp op, int site) {
        if (requests != null && index >= 0 && index < requests.length) {
            completed(requests[index], given, waitedAt, op, site);
        }
    }

    /** waitSome, testSome: the requests at these indices completed (the trace's statuses, if any, in the same order). */
    public static void some(Object[] requests, int[] indices, CompletionOp op, int site) {
        if (indices != null) {
            for (int k = 0; k < indices.length; k++) {
                at(requests, indices[k], null, k, op, site);
            }
        }
    }

    /** waitSomeStatus, testSomeStatus: the requests the statuses name completed. */
    public static void some(Object[] requests, Object[] statuses, CompletionOp op, int site) {
        if (statuses != null) {
            for (Object s : statuses) {
                at(requests, s, op, site);
            }
        }
    }

    private static void completed(Object request, Object given, int waitedAt, CompletionOp op, int site) {
        RequestShadow.View shadow = null;
        try {
            // the shadow's own state, whatever families are on: the argument checks read whether a
            // persistent request is active, the lifecycle which call completed it, and a completed
            // request's slot may go to a newer one; its copy only for the families that read it
            RequestShadow.View into = given != null || TraceSession.recorder() != null ? VIEW.get() : null;
            if (RequestShadows.completed(request, site, into)) {
                shadow = into;
            }
        } catch (RuntimeException | LinkageError fault) {
            Guard.fault("completion: request shadow", fault);
        }
        if (shadow != null && given != null) {
            try {
                RequestWaits.completed(shadow, given);
            } catch (RuntimeException | LinkageError fault) {
                Guard.fault("completion: wildcard take", fault);
            }
        }
        try {
            BufferRules.completed(request);
        } catch (RuntimeException | LinkageError fault) {
            Guard.fault("completion: buffers", fault);
        }
        if (shadow != null) {
            try {
                RequestTrace.completed(shadow, given, waitedAt, op, site);
            } catch (RuntimeException | LinkageError fault) {
                Guard.fault("completion: trace", fault);
            }
        }
    }
}
