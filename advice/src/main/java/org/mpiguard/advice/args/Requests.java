package org.mpiguard.advice.args;

import org.mpiguard.core.MpiFailure;
import org.mpiguard.adapter.shadow.RequestShadows;
import org.mpiguard.adapter.shadow.Shadows;

/**
 * Entry points of requests.rules: a request used after free, a persistent request
 * started while active, null entries in request arrays. Persistent requests become
 * active at start and inactive when a wait or successful test completes them.
 */
public final class Requests {

    private Requests() {
    }

    static void usable(int site, String name, Object request) throws MpiFailure {
        if (request == null) {
            Checks.fail(site, "request.null", name, null, "is null", "a request returned by a nonblocking call");
        }
        if (Shadows.wasFreed(request)) {
            Checks.fail(site, "request.freed", name, "a freed request", "is used after request.free()",
                    "a request that has not been freed");
        }
    }

    /** waitFor, test, cancel, getStatus, free on one request. */
    public static void one(Object request, int site) throws MpiFailure {
        if (Checks.on()) {
            usable(site, "request", request);
        }
    }

    /** waitAll, testAll, waitAny, testAny, waitSome, testSome. */
    public static void array(Object[] requests, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        if (requests == null) {
            Checks.fail(site, "request.null", "requests", null, "is null", "an array of requests");
        }
        for (int i = 0; i < requests.length; i++) {
            Object r = requests[i];
            if (r == null) {
                Checks.fail(site, "request.null", "requests[" + i + "]", null, "is null",
                        "a request in every entry (MPI.REQUEST_NULL-like entries come from completed requests)");
            }
            if (Shadows.wasFreed(r)) {
                Checks.fail(site, "request.freed", "requests[" + i + "]", "a freed request",
                        "is used after request.free()", "requests that have not been freed");
            }
        }
    }

    public static void start(Object request, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        usable(site, "request", request);
        if (RequestShadows.isActive(request)) {
            Checks.fail(site, "request.start-active", "request", "an active persistent request",
                    "is started again before the previous start was completed",
                    "waitFor() or a successful test() between two start() calls");
        }
    }

    public static void startAll(Object[] requests, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        array(requests, site);
        for (int i = 0; i < requests.length; i++) {
            if (RequestShadows.isActive(requests[i])) {
                Checks.fail(site, "request.start-active", "requests[" + i + "]", "an active persistent request",
                        "is started again before the previous start was completed",
                        "wait for every request before startAll() again");
            }
        }
    }

    // After-rules: persistent requests become active at start (inactive when completed: the
    // completion event's RequestShadows.completed).

    public static void started(Object request) {
        RequestShadows.active(request, true);
    }

    public static void startedAll(Object[] requests) {
        for (Object r : requests) {
            RequestShadows.active(r, true);
        }
    }

    public static void freed(Object request) {
        Shadows.freed(request);
    }
}
