package org.mpiguard.adapter.trace;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import org.mpiguard.adapter.shadow.RequestShadow;
import org.mpiguard.adapter.shadow.RequestShadows;
import org.mpiguard.core.activity.WaitKind;

/**
 * The completions without a Status (trace.rules' call rules), made instead of the program's
 * call: while recording, a wildcard receive is waited for with the call's Status form (the
 * same MPI_Wait, plus the Status the bindings allocate), so the trace knows which send it
 * took; every other request as asked. Only while recording, only when a wildcard receive is
 * among the requests, the call's Status form, the program's answer. What they get is
 * recorded by the completion event, which decodes the call once and reads the Statuses held
 * here ({@link #waited}).
 */
public final class StatusFormWaits {

    /** {@link #waited}: the one Status the call got (waitFor, test, waitAny, testAny). */
    public static final int WAITED_ONE = -2;

    // an initialValue, not withInitial(...::new): no call site to link at class initialisation
    private static final ThreadLocal<RequestShadow.View> VIEW = new ThreadLocal<>() {
        @Override
        protected RequestShadow.View initialValue() {
            return new RequestShadow.View();
        }
    };

    /**
     * The Statuses the last wait or test of a thread asked MPI for (its Status form, made by
     * the call rules below in the program's stead), read by the completion event of the same
     * call: one holder a thread, reset by every such call while recording.
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

    // an initialValue, not withInitial(...::new): no call site to link at class initialisation
    private static final ThreadLocal<Waited> WAITED = new ThreadLocal<>() {
        @Override
        protected Waited initialValue() {
            return new Waited();
        }
    };

    private StatusFormWaits() {
    }

    /**
     * The Status this thread's last call rule got, where the completion event says it lies
     * ({@link #WAITED_ONE}, or {@code k}, its place among the many); null when there is none.
     */
    public static Object waited(int k) {
        return WAITED.get().at(k);
    }

    /** Request.waitFor, instead of the program's call. */
    public static void waitFor(Request request) throws MPIException {
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
    public static boolean test(Request request) throws MPIException {
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
    public static void waitAll(Request[] requests) throws MPIException {
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
    public static boolean testAll(Request[] requests) throws MPIException {
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
    public static int waitAny(Request[] requests) throws MPIException {
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
    public static int testAny(Request[] requests) throws MPIException {
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
    public static int[] waitSome(Request[] requests) throws MPIException {
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
    public static int[] testSome(Request[] requests) throws MPIException {
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
}
