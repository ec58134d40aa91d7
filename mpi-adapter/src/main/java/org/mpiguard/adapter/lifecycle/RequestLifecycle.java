package org.mpiguard.adapter.lifecycle;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mpi.Prequest;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.adapter.args.Violations;
import org.mpiguard.adapter.shadow.RequestShadow;
import org.mpiguard.adapter.shadow.RequestShadows;
import org.mpiguard.core.Guard;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSites;

/**
 * request-lifecycle, online, from the request shadows: a wait or test on a nonblocking
 * request that an earlier call already completed (the binding gave it MPI's null handle,
 * so the call returns at once and waits for nothing: a warning naming both calls); an
 * active persistent request freed (allowed by MPI, but the transfer may still be running
 * when the program reuses its buffer: a warning naming the start and the free); and at
 * Finalize every nonblocking request never completed and every persistent request
 * started and never completed (errors: the transfer may never have happened). A
 * persistent request started while active and a request used after free are the
 * argument checks' (invalid-argument). The checks per call take one uncontended
 * monitor of the request's slot and allocate nothing unless they report.
 */
public final class RequestLifecycle {

    private RequestLifecycle() {
    }

    /** Before waitFor, waitStatus, test, testStatus of one request. */
    public static void beforeCompletion(Object request, int site) {
        int earlier = RequestShadows.completedBy(request);
        if (earlier != 0 && Violations.firstWarning(FindingKind.REQUEST_LIFECYCLE, site, "completed-twice")) {
            var call = CallSites.get(site);
            var first = CallSites.get(earlier);
            report(Severity.WARNING, site, earlier, "The request passed to " + call.op() + " at " + call.location()
                    + " was already completed by " + first.op() + " at " + first.location() + ". The binding gave it"
                    + " MPI's null handle then, so this call returns at once and waits for nothing. Wait for each"
                    + " request once, or keep the new request a later nonblocking call returns."
                    + " (Said once for this call site on this rank.)");
        }
    }

    /** Before Request.free. */
    public static void beforeFree(Object request, int site) {
        int started = RequestShadows.activeSince(request);
        if (started != 0 && Violations.firstWarning(FindingKind.REQUEST_LIFECYCLE, site, "freed-active")) {
            var start = CallSites.get(started);
            report(Severity.WARNING, site, started, "An active persistent request (started at " + start.location()
                    + ") is freed at " + CallSites.get(site).location() + " before a wait or test completed it."
                    + " MPI lets the transfer go on after the free, but the program can no longer learn when its"
                    + " buffer may be reused. Complete it (waitFor) before request.free(). (Said once for this call"
                    + " site on this rank.)");
        }
    }

    /** At Finalize: requests left incomplete, one error per creation (or start) site with a count. */
    public static void atFinalize(int finalizeSite) {
        Map<Integer, Integer> pending = new LinkedHashMap<>();
        Map<Integer, Integer> started = new LinkedHashMap<>();
        for (RequestShadow.View r : RequestShadows.recorded()) {
            if (r.freed || r.site == CallSites.UNKNOWN_ID) {
                continue;
            }
            if (r.request instanceof Prequest) {
                if (r.active) {
                    started.merge(r.startedSite != 0 ? r.startedSite : r.site, 1, Integer::sum);
                }
            } else if (r.pending) {
                pending.merge(r.site, 1, Integer::sum);
            }
        }
        int rank = MpiRuntime.rankOrMinusOne();
        pending.forEach((site, n) -> report(Severity.ERROR, site, finalizeSite, (n == 1 ? "A request" : n + " requests")
                + " made by " + CallSites.get(site).op() + " at " + CallSites.get(site).location() + " on rank " + rank
                + (n == 1 ? " was" : " were") + " never completed (by a wait or a successful test) before MPI.Finalize"
                + " at " + CallSites.get(finalizeSite).location() + ". The transfer may never have happened, and"
                + " the buffer may be in use still. Complete every request with waitFor/waitAll."));
        started.forEach((site, n) -> report(Severity.ERROR, site, finalizeSite, (n == 1 ? "A persistent request"
                : n + " persistent requests") + " started at " + CallSites.get(site).location() + " on rank " + rank
                + (n == 1 ? " was" : " were") + " never completed before MPI.Finalize. Wait for each start before"
                + " starting again, freeing, or finalizing."));
    }

    private static void report(Severity severity, int site, int otherSite, String message) {
        int rank = MpiRuntime.rankOrMinusOne();
        var call = CallSites.get(site);
        var other = CallSites.get(otherSite);
        Guard.report(new Finding(FindingKind.REQUEST_LIFECYCLE, severity, List.of(rank), call.op(), SiteRef.of(call),
                List.of(new RelatedCall(rank, other.op(), SiteRef.of(other))), message, List.of()));
    }
}
