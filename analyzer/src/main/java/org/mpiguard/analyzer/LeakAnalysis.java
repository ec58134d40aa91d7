package org.mpiguard.analyzer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKeys;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.trace.HandleKind;
import org.mpiguard.core.trace.RequestOp;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;

/**
 * Resources a rank still held at Finalize, from its trace: handles created and never
 * freed (communicators, groups, datatypes, ops, windows, infos, error handlers, persistent
 * requests, an attached buffer), one finding per creation site with how many; and
 * messages sent and never received by a rank whose trace is whole, one finding per send
 * site, destination and tag. Only whole traces: an absence in a cut trace proves nothing.
 * Each carries the key its online check at Finalize gives the same bug (FindingKeys).
 */
final class LeakAnalysis {

    private LeakAnalysis() {
    }

    private record Created(HandleKind kind, String noun, String freeCall, int site) {
    }

    /** By creation site; a class, not a lambda (see {@link Buckets}). */
    private static final class BySite implements java.util.Comparator<Created> {
        @Override
        public int compare(Created a, Created b) {
            return Integer.compare(a.site, b.site);
        }
    }

    private static final BySite BY_SITE = new BySite();

    static List<Finding> handles(TraceSet traces) {
        List<Finding> findings = new ArrayList<>();
        for (int r = 0; r < traces.worldSize(); r++) {
            if (traces.whole(r)) {
                Handles h = new Handles(traces.rank(r));
                for (TraceEvent e : traces.rank(r).events()) {
                    if (!h.accept(e)) {
                        break;
                    }
                }
                findings.addAll(h.findings());
            }
        }
        return findings;
    }

    /** The handles a whole trace's rank still held at Finalize, its events told one at a time. */
    static final class Handles {
        private final TraceFile t;
        private final Map<Long, Created> live = new HashMap<>();
        private final Map<Long, Created> liveRequests = new HashMap<>();
        private List<Finding> findings = List.of();
        private boolean finalized;

        Handles(TraceFile t) {
            this.t = t;
        }

        /** False from Finalize on, whose findings are then made. */
        boolean accept(TraceEvent e) {
            if (finalized) {
                return false;
            }
            switch (e.kind()) {
                case HANDLE -> {
                    HandleKind kind = HandleKind.of(e.field(1));
                    if (kind != null) {
                        long key = e.field(2) * HandleKind.values().length + kind.ordinal();
                        if (e.op() == HandleKind.CREATE) {
                            live.put(key, new Created(kind, kind.noun(), kind.freeCall(), e.site()));
                        } else {
                            live.remove(key);
                        }
                    }
                }
                case REQUEST -> {
                    RequestOp op = RequestOp.of(e.op());
                    if (op == RequestOp.CREATE_PERSISTENT) {
                        liveRequests.put(e.field(1), new Created(null, "persistent request", "Request.free", e.site()));
                    } else if (op == RequestOp.FREE) {
                        liveRequests.remove(e.field(1));
                    }
                }
                case FINALIZE -> {
                    List<Created> all = new ArrayList<>(live.values());
                    all.addAll(liveRequests.values());
                    findings = bySite(t, all);
                    finalized = true;
                    return false;
                }
                default -> {
                }
            }
            return true;
        }

        /** What was left at Finalize (nothing when the rank never reached it). */
        List<Finding> findings() {
            return findings;
        }
    }

    private static List<Finding> bySite(TraceFile t, List<Created> leaked) {
        Map<String, List<Created>> groups = new LinkedHashMap<>();
        leaked.sort(BY_SITE);
        for (Created c : leaked) {
            Buckets.list(groups, c.noun + "@" + c.site).add(c);
        }
        List<Finding> findings = new ArrayList<>();
        for (List<Created> group : groups.values()) {
            Created c = group.get(0);
            RankSite site = RankSite.of(t, c.site);
            int n = group.size();
            String message = c.kind == HandleKind.BUFFER
                    ? "Resource leak: the buffer attached for buffered sends at " + site.where()
                            + " is still attached at Finalize: call MPI.detachBuffer, which also waits until "
                            + "every buffered message has left."
                    : "Resource leak: " + (n == 1 ? "a " + c.noun + " made" : n + " " + c.noun + "s made") + " at "
                            + site.where() + (n == 1 ? " was" : " were") + " never freed before Finalize. Free "
                            + (n == 1 ? "it" : "each") + " with " + c.freeCall + " when done (a loop that makes one "
                            + "per iteration exhausts MPI's handles).";
            findings.add(new Finding(FindingKind.RESOURCE_LEAK, Severity.WARNING, List.of(t.rank()), site.site().op(),
                    site.ref(), List.of(), message, List.of(), FindingKeys.leak(t.rank(), site.ref())));
        }
        return findings;
    }

    /** Sends that no receive took, where the destination's trace is whole and reached Finalize. */
    static List<Finding> lostMessages(TraceSet traces, PointToPoint p2p) {
        Lost lost = new Lost();
        for (List<RecvEvent> recvs : p2p.recvs) {
            for (RecvEvent v : recvs) {
                if (v.matched == null && !v.cancelled) {
                    lost.openReceive(v);
                }
            }
        }
        for (List<SendEvent> sends : p2p.sends) {
            for (SendEvent s : sends) {
                if (s.matchedBy == null && !s.cancelled) {
                    lost.unmatched(s);
                }
            }
        }
        return lost.findings(traces);
    }

    /** The messages left unmatched and the receives left open, told in any order; findings in the senders' order. */
    static final class Lost {
        // a receive left unmatched (a wildcard never completed) may have taken any message of its communicator
        private final java.util.Set<String> open = new java.util.HashSet<>();
        private final List<SendEvent> unmatched = new ArrayList<>();

        void openReceive(RecvEvent v) {
            open.add(v.rank + ":" + v.comm);
        }

        void unmatched(SendEvent s) {
            unmatched.add(s);
        }

        List<Finding> findings(TraceSet traces) {
            return findings(traces, null);
        }

        /** The findings, and into {@code keys} (when not null) each one's order: its first message's sender and event. */
        List<Finding> findings(TraceSet traces, List<long[]> keys) {
            unmatched.sort(new java.util.Comparator<SendEvent>() {
                @Override
                public int compare(SendEvent a, SendEvent b) {
                    int byRank = Integer.compare(a.rank, b.rank);
                    return byRank != 0 ? byRank : Integer.compare(a.index, b.index);
                }
            });
            Map<String, List<SendEvent>> bySite = new LinkedHashMap<>();
            for (SendEvent s : unmatched) {
                if (traces.whole(s.dest) && traces.whole(s.rank) && !open.contains(s.dest + ":" + s.comm)) {
                    Buckets.list(bySite, s.rank + ":" + s.site + ">" + s.dest + "#" + s.tag).add(s);
                }
            }
            List<Finding> findings = new ArrayList<>();
            for (List<SendEvent> group : bySite.values()) {
                findings.add(lost(traces, group));
                if (keys != null) {
                    keys.add(new long[] {group.get(0).rank, group.get(0).index});
                }
            }
            return findings;
        }
    }

    private static Finding lost(TraceSet traces, List<SendEvent> group) {
        SendEvent s = group.get(0);
        RankSite site = RankSite.of(traces.rank(s.rank), s.site);
        int n = group.size();
        String message = "Lost message: " + (n == 1 ? "the message" : n + " messages") + " sent by "
                + site.where() + " to rank " + s.dest + " (tag " + s.tag + ") " + (n == 1 ? "was" : "were")
                + " never received: rank " + s.dest + " reached Finalize "
                + "without a matching receive. Receive every message (or cancel it); a message left pending "
                + "at Finalize is erroneous and its data is silently lost.";
        // the sender first: the site is its call; the key is the receiver's, as its online check names it
        return new Finding(FindingKind.RESOURCE_LEAK, Severity.WARNING,
                s.rank == s.dest ? List.of(s.rank) : List.of(s.rank, s.dest), site.site().op(), site.ref(),
                List.of(), message, List.of(), FindingKeys.lostMessage(s.dest, s.rank, s.tag));
    }
}
