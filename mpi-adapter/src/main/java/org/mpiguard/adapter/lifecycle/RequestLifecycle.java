package org.mpiguard.adapter.lifecycle;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import mpi.Prequest;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.adapter.args.Violations;
import org.mpiguard.adapter.shadow.RequestShadow;
import org.mpiguard.adapter.shadow.RequestShadows;
import org.mpiguard.core.Guard;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKeys;
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
 * started and never completed (warnings saying whether MPI had finished the transfer). A
 * persistent request started while active and a request used after free are the
 * argument checks' (invalid-argument). The checks per call take one uncontended
 * monitor of the request's slot and allocate nothing unless they report.
 */
public final class RequestLifecycle {

    private RequestLifecycle() {
    }

    /** Before waitFor, waitStatus, test, testStatus of one request. */
    public static void beforeCompletion(Object request, int site) {
        int made = RequestShadows.neverStarted(request);
        if (made != 0 && Violations.firstWarning(FindingKind.REQUEST_LIFECYCLE, site, "never-started")) {
            var call = CallSites.get(site);
            report("never-started", site, made, "The persistent request passed to " + call.op() + " at "
                    + call.location() + " (made at " + CallSites.get(made).location() + ") was never started: MPI"
                    + " returns at once for an inactive request, so this call waits for nothing and its operation"
                    + " never happens (a partner waiting for that message or buffer waits for ever). Call start()"
                    + " (or Prequest.startAll) before waiting for it. (Said once for this call site on this rank.)");
        }
        int earlier = RequestShadows.completedBy(request);
        if (earlier != 0 && Violations.firstWarning(FindingKind.REQUEST_LIFECYCLE, site, "completed-twice")) {
            var call = CallSites.get(site);
            var first = CallSites.get(earlier);
            report("completed-twice", site, earlier, "The request passed to " + call.op() + " at " + call.location()
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
            report("freed-active", site, started, "An active persistent request (started at " + start.location()
                    + ") is freed at " + CallSites.get(site).location() + " before a wait or test completed it."
                    + " MPI lets the transfer go on after the free, but the program can no longer learn when its"
                    + " buffer may be reused. Complete it (waitFor) before request.free(). (Said once for this call"
                    + " site on this rank.)");
        }
    }

    /**
     * At Finalize: requests left incomplete, one warning per creation (or start) site and
     * what MPI had made of them, with a count. A warning, not an error: Open MPI finalizes
     * with requests pending without crashing or hanging (measured for sends and receives,
     * matched or not, eager or rendezvous), and no access can read a buffer wrongly any
     * more through MPI. What a never-completed request can still break is reported where it
     * breaks: a wait that hangs (deadlock), a read of a pending receive's buffer
     * (buffer-conflict), a message no one received (resource-leak at the receiver).
     */
    public static void atFinalize(int finalizeSite) {
        Map<Left, Integer> left = new LinkedHashMap<>();
        for (RequestShadow.View r : RequestShadows.recorded()) {
            if (r.freed || r.site == CallSites.UNKNOWN_ID) {
                continue;
            }
            boolean persistent = r.request instanceof Prequest;
            if (persistent ? r.active : r.pending) {
                int site = persistent && r.startedSite != 0 ? r.startedSite : r.site;
                Left key = new Left(site, persistent, r.kind, FinishedByMpi.of(r.request));
                left.put(key, left.getOrDefault(key, 0) + 1);
            }
        }
        for (Map.Entry<Left, Integer> e : left.entrySet()) {
            report("never-completed", e.getKey().site, finalizeSite, e.getKey().message(e.getValue(), finalizeSite));
        }
    }

    /**
     * Requests left incomplete at one site, of one direction, in one state MPI reports: a map's
     * key. A class with its own equals and hashCode, not a record: a record's are linked through
     * an invokedynamic bootstrap at their first call, which here is inside the program's Finalize
     * (NoCallSiteLinkedTest).
     */
    private static final class Left {
        private final int site;
        private final boolean persistent;
        private final WaitKind kind;
        private final FinishedByMpi byMpi;

        Left(int site, boolean persistent, WaitKind kind, FinishedByMpi byMpi) {
            this.site = site;
            this.persistent = persistent;
            this.kind = kind;
            this.byMpi = byMpi;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Left other && site == other.site && persistent == other.persistent
                    && kind == other.kind && byMpi == other.byMpi;
        }

        @Override
        public int hashCode() {
            return ((site * 31 + (persistent ? 1 : 0)) * 31 + Objects.hashCode(kind)) * 31
                    + Objects.hashCode(byMpi);
        }

        String message(int n, int finalizeSite) {
            var call = CallSites.get(site);
            String what = persistent ? (n == 1 ? "A persistent request" : n + " persistent requests") + " started at "
                    : (n == 1 ? "A request" : n + " requests") + " made by " + call.op() + " at ";
            return what + call.location() + " on rank " + MpiRuntime.rankOrMinusOne() + (n == 1 ? " was" : " were")
                    + " never completed (by a wait or a successful test) before MPI.Finalize at "
                    + CallSites.get(finalizeSite).location() + ". " + byMpi.says(kind)
                    + " MPI requires every request to be completed (or a send's freed) before Finalize: the program"
                    + " never learns when the buffer is free or what arrived, and another MPI may not finish the"
                    + " transfer without the wait. " + remedy();
        }

        private String remedy() {
            if (persistent) {
                return "Wait for each start before starting again, freeing, or finalizing.";
            }
            return kind == WaitKind.RECEIVE
                    ? "Complete it with waitFor/waitAll, or cancel a receive the program does not need (request.cancel(),"
                    + " then waitFor)."
                    : "Complete every request with waitFor/waitAll (a send the program never needs to wait for may be"
                    + " freed: request.free()).";
        }
    }

    /** A warning of {@code rule} ({@link FindingKeys#request}) at {@code site}, naming {@code otherSite} too. */
    private static void report(String rule, int site, int otherSite, String message) {
        int rank = MpiRuntime.rankOrMinusOne();
        var call = CallSites.get(site);
        var other = CallSites.get(otherSite);
        Guard.report(new Finding(FindingKind.REQUEST_LIFECYCLE, Severity.WARNING, List.of(rank), call.op(),
                SiteRef.of(call), List.of(new RelatedCall(rank, other.op(), SiteRef.of(other))), message, List.of(),
                FindingKeys.request(rule, rank, SiteRef.of(call))));
    }
}
