package org.mpiguard.advice.event;

import mpi.Request;
import mpi.Status;
import org.mpiguard.advice.args.Requests;
import org.mpiguard.advice.buffers.BufferRules;
import org.mpiguard.advice.lifecycle.Lifecycle;
import org.mpiguard.core.Guard;

/**
 * The completion event of a wait or a test: which of the call's requests it completed,
 * worked out once from the call's outcome (the receiver, the array and its result: a flag,
 * an index, indices or statuses) and handed, request by request, to each family that acts
 * on a completion, in the declared order: the argument checks' request state (no longer
 * active), the lifecycle (completed here, by this site), the buffers in use (released).
 * Each listener is fail-open on its own, so one family's fault never keeps the others from
 * hearing of the completion. No allocation.
 *
 * <p>The trace records its completions from the statuses it asks MPI for (its own call
 * rules), since only it needs a status per request.
 */
public final class Completions {

    private Completions() {
    }

    /** waitFor, waitStatus: the receiver completed. */
    public static void one(Request request, int site) {
        completed(request, site);
    }

    /** test: the receiver completed when the test says so. */
    public static void oneIf(Request request, boolean done, int site) {
        if (done) {
            completed(request, site);
        }
    }

    /** testStatus: the receiver completed when a status came back. */
    public static void oneIf(Request request, Status status, int site) {
        if (status != null) {
            completed(request, site);
        }
    }

    /** waitAll, waitAllStatus: every request of the array completed. */
    public static void all(Request[] requests, int site) {
        if (requests != null) {
            for (Request r : requests) {
                completed(r, site);
            }
        }
    }

    /** testAll: every request completed when the test says so. */
    public static void allIf(Request[] requests, boolean done, int site) {
        if (done) {
            all(requests, site);
        }
    }

    /** testAllStatus: every request completed when statuses came back. */
    public static void allIf(Request[] requests, Status[] statuses, int site) {
        if (statuses != null) {
            all(requests, site);
        }
    }

    /** waitAny, testAny: the request at {@code index} completed; an index out of range (UNDEFINED) completed none. */
    public static void at(Request[] requests, int index, int site) {
        if (requests != null && index >= 0 && index < requests.length) {
            completed(requests[index], site);
        }
    }

    /** waitAnyStatus, testAnyStatus: the request the status names completed. */
    public static void at(Request[] requests, Status status, int site) {
        if (status != null) {
            at(requests, status.getIndex(), site);
        }
    }

    /** waitSome, testSome: the requests at these indices completed. */
    public static void some(Request[] requests, int[] indices, int site) {
        if (indices != null) {
            for (int i : indices) {
                at(requests, i, site);
            }
        }
    }

    /** waitSomeStatus, testSomeStatus: the requests the statuses name completed. */
    public static void some(Request[] requests, Status[] statuses, int site) {
        if (statuses != null) {
            for (Status s : statuses) {
                at(requests, s, site);
            }
        }
    }

    private static void completed(Request request, int site) {
        try {
            Requests.completed(request);
        } catch (RuntimeException | LinkageError fault) {
            Guard.fault("completion: request state", fault);
        }
        try {
            Lifecycle.completed(request, site);
        } catch (RuntimeException | LinkageError fault) {
            Guard.fault("completion: lifecycle", fault);
        }
        try {
            BufferRules.completed(request);
        } catch (RuntimeException | LinkageError fault) {
            Guard.fault("completion: buffers", fault);
        }
    }
}
