package org.mpiguard.analyzer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKeys;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.trace.CompletionOp;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.RequestOp;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;

/**
 * Each rank's requests followed through their lives in the trace: a persistent request
 * started while active or freed while active, a wait or test on a request that was not
 * active (already completed: the bindings return at once, with an empty status), a request
 * used after it was freed, a request never completed before Finalize (a warning; only on a whole
 * trace: what is not there did not happen). One finding per rule and pair of sites.
 */
final class RequestLifecycleAnalysis {

    private RequestLifecycleAnalysis() {
    }

    /**
     * A rank's requests: those alive, and the last {@value #ENDED} that completed (a wait on one
     * of them again is "completed twice"). Bounded so the streaming analysis, which follows every
     * rank at once, holds what is alive, not every request a long run made. Looked up for nearly
     * every event: nothing boxed or allocated on the way.
     */
    private static final class Lives {
        static final int ENDED = 64;
        private final LongMap<Life> alive = new LongMap<>();
        private final LongMap<Life> ended = new LongMap<>();
        /** The ended ids, oldest first: the oldest goes when a 65th ends. */
        private final long[] endedOrder = new long[ENDED];
        private int endedCount;
        private long made;

        Life get(long id) {
            Life l = alive.get(id);
            return l != null ? l : ended.get(id);
        }

        void put(long id, Life life) {
            if (ended.remove(id) != null) {
                for (int i = 0; i < endedCount; i++) {
                    if (endedOrder[i] == id) {
                        dropEnded(i);
                        break;
                    }
                }
            }
            life.order = made++;
            alive.put(id, life);
        }

        /** A request that completed and cannot start again: kept among the ended (in its place if it was). */
        void ended(long id, Life life) {
            alive.remove(id);
            if (ended.put(id, life) == null) {
                if (endedCount == ENDED) {
                    ended.remove(endedOrder[0]);
                    dropEnded(0);
                }
                endedOrder[endedCount++] = id;
            }
        }

        /** The lives still alive, in the order they were made. */
        List<Life> alive() {
            List<Life> all = new ArrayList<>(alive.size());
            alive.addValuesTo(all);
            all.sort(BY_ORDER);
            return all;
        }

        private static final java.util.Comparator<Life> BY_ORDER = new java.util.Comparator<>() {
            @Override
            public int compare(Life a, Life b) {
                return Long.compare(a.order, b.order);
            }
        };

        private void dropEnded(int at) {
            System.arraycopy(endedOrder, at + 1, endedOrder, at, --endedCount - at);
        }
    }

    private static final class Life {
        final int createSite;
        final boolean persistent;
        /** A persistent request's last start: where it was left active (0 before any). */
        int startSite;
        boolean receive;
        boolean active;
        boolean freed;
        int lastSite;
        /** When it was made among the rank's requests: the order of the findings at Finalize. */
        long order;

        Life(int createSite, boolean persistent, boolean receive, boolean active) {
            this.createSite = createSite;
            this.persistent = persistent;
            this.receive = receive;
            this.active = active;
            this.lastSite = createSite;
        }
    }

    static List<Finding> findings(TraceSet traces) {
        Reporter out = new Reporter();
        for (int r = 0; r < traces.worldSize(); r++) {
            TraceFile t = traces.rank(r);
            if (t != null) {
                Follower f = new Follower(t, traces.whole(r), out);
                for (TraceEvent e : t.events()) {
                    if (!f.accept(e)) {
                        break;
                    }
                }
                f.end();
            }
        }
        return out.findings();
    }

    /** The findings of one rank, its events told one at a time (the streaming analysis reads ranks side by side). */
    static final class OfRank {
        private final Reporter out = new Reporter();
        private final Follower follower;
        private boolean open = true;

        OfRank(TraceFile t, boolean whole) {
            follower = new Follower(t, whole, out);
        }

        void accept(TraceEvent e) {
            open = open && follower.accept(e);
        }

        /** The rank's findings, its events all told. */
        List<Finding> findings() {
            follower.end();
            return out.findings();
        }
    }

    /** One rank's requests followed event by event up to its Finalize. */
    private static final class Follower {
        private final TraceFile t;
        private final boolean whole;
        private final Reporter out;
        private final Lives lives = new Lives();
        private boolean finalized;

        Follower(TraceFile t, boolean whole, Reporter out) {
            this.t = t;
            this.whole = whole;
            this.out = out;
        }

        /** False from Finalize on: later events are not followed. */
        boolean accept(TraceEvent e) {
            switch (e.kind()) {
                case SEND, RECV -> {
                    long id = e.field(6);
                    if (id != 0 && PointOp.of(e.op()) != PointOp.START) {
                        lives.put(id, new Life(e.site(), false, e.kind() == EventKind.RECV, true));
                    } else if (id != 0 && lives.get(id) != null) {
                        // a persistent request's start says which way it goes
                        lives.get(id).receive = e.kind() == EventKind.RECV;
                    }
                }
                case COLLECTIVE -> created(lives, e.field(9), e.site());
                case RMA -> created(lives, e.field(9), e.site());
                case REQUEST -> request(t, lives, e, out);
                case COMPLETE -> completed(e);
                case FINALIZE -> finalized = true;
                default -> {
                }
            }
            return !finalized;
        }

        private void completed(TraceEvent e) {
            Life life = lives.get(e.field(1));
            if (e.field(1) == 0 || life == null) {
                return;
            }
            if (life.freed) {
                out.add(t, e.site(), life.createSite, Severity.ERROR, "used after free",
                        "waits for or tests a request that was freed (made at %2$s): the handle no longer "
                                + "names an operation. Complete a request before freeing it, and not after.");
            } else if (life.persistent && life.startSite == 0 && !life.active) {
                out.add(t, e.site(), life.createSite, Severity.WARNING, "never started",
                        "waits for or tests a persistent request that was never started (made at %2$s): MPI "
                                + "returns at once for an inactive request, so the operation never happens. Call "
                                + "start() before waiting for it.");
            } else if (!life.active || (e.field(5) & CompletionOp.INACTIVE) != 0) {
                out.add(t, e.site(), life.lastSite, Severity.WARNING, "completed twice",
                        "waits for or tests a request that is not active: it completed at %2$s already. The "
                                + "Java bindings return at once with an empty status, so a source, tag or "
                                + "count read from it is not the message's.");
            }
            life.active = false;
            life.lastSite = e.site();
            if (!life.persistent) {
                lives.ended(e.field(1), life);
            }
        }

        /** The rank's events are all told: what a whole trace left active at Finalize. */
        void end() {
            if (!whole || !finalized) {
                return;
            }
            // A warning: Open MPI finalizes with requests pending without crashing or hanging, and
            // what such a request can still break is found where it breaks (a wait that hangs, a
            // read of a pending receive's buffer, a message never received).
            for (Life life : lives.alive()) {
                if (life.active && !life.freed) {
                    // a persistent request is named by its start, as the online check names it
                    int site = life.persistent && life.startSite != 0 ? life.startSite : life.createSite;
                    out.add(t, site, site, Severity.WARNING, "never completed",
                            "made a " + (life.persistent ? "persistent request, started it" : "nonblocking request")
                                    + " and never waited for or tested it to completion before Finalize: the operation "
                                    + (life.receive ? "may never have delivered its data into the buffer"
                                    : "may not have left its buffer")
                                    + ". Complete every request (wait, test until true, or waitAll) before Finalize.");
                }
            }
        }
    }

    private static void created(Lives lives, long id, int site) {
        if (id != 0) {
            lives.put(id, new Life(site, false, false, true));
        }
    }

    private static void request(TraceFile t, Lives lives, TraceEvent e, Reporter out) {
        long id = e.field(1);
        RequestOp op = RequestOp.of(e.op());
        if (op == RequestOp.CREATE_PERSISTENT) {
            lives.put(id, new Life(e.site(), true, false, false));
            return;
        }
        Life life = lives.get(id);
        if (life == null || op == null) {
            return;
        }
        if (life.freed) {
            out.add(t, e.site(), life.lastSite, Severity.ERROR, "used after free",
                    "uses a request already freed at %2$s: the handle no longer names an operation.");
            return;
        }
        switch (op) {
            case START -> {
                if (life.active) {
                    out.add(t, e.site(), life.lastSite, Severity.ERROR, "started while active",
                            "starts a persistent request that is still active (started at %2$s and not completed "
                                    + "since): MPI forbids it, and the two operations share one buffer. Wait for the "
                                    + "request before starting it again.");
                }
                life.active = true;
                life.startSite = e.site();
            }
            case FREE -> {
                if (life.active && (life.persistent || life.receive)) {
                    out.add(t, e.site(), life.lastSite, Severity.WARNING, "freed while active",
                            "frees a request still active (from %2$s): nothing can tell any more when its buffer "
                                    + (life.receive ? "holds the message" : "may be reused")
                                    + ". Wait for the request, then free it.");
                }
                life.freed = true;
            }
            default -> {
            }
        }
        life.lastSite = e.site();
    }

    /**
     * The key of the rules the online check also follows (FindingKeys.request); the others (used
     * after free, started while active) are the online argument checks' errors, which abort the job.
     */
    private static String key(String rule, int rank, RankSite here) {
        String online = switch (rule) {
            case "never completed" -> "never-completed";
            case "completed twice" -> "completed-twice";
            case "never started" -> "never-started";
            case "freed while active" -> "freed-active";
            default -> null;
        };
        return online == null ? null : FindingKeys.request(online, rank, here.ref());
    }

    /** Groups findings by rule and sites, counting repetitions. */
    private static final class Reporter {
        private record Key(int rank, int site, int other, String rule) {
            // written out, as the record's would be: see SiteRef
            @Override
            public boolean equals(Object o) {
                return o instanceof Key k && rank == k.rank && site == k.site && other == k.other
                        && Objects.equals(rule, k.rule);
            }

            @Override
            public int hashCode() {
                return ((rank * 31 + site) * 31 + other) * 31 + Objects.hashCode(rule);
            }
        }

        private static final class Entry {
            final TraceFile trace;
            final Severity severity;
            final String what;
            int times = 1;

            Entry(TraceFile trace, Severity severity, String what) {
                this.trace = trace;
                this.severity = severity;
                this.what = what;
            }
        }

        private final Map<Key, Entry> found = new LinkedHashMap<>();

        /** {@code what} may name this site as %1$s and the other as %2$s. */
        void add(TraceFile t, int site, int other, Severity severity, String rule, String what) {
            Entry known = found.putIfAbsent(new Key(t.rank(), site, other, rule), new Entry(t, severity, what));
            if (known != null) {
                known.times++;
            }
        }

        List<Finding> findings() {
            List<Finding> findings = new ArrayList<>();
            for (Map.Entry<Key, Entry> e : found.entrySet()) {
                Key k = e.getKey();
                Entry v = e.getValue();
                RankSite here = RankSite.of(v.trace, k.site());
                RankSite other = RankSite.of(v.trace, k.other());
                String message = "Request " + k.rule() + ": " + here.where() + " "
                        + String.format(v.what, here.site().location(), other.site().location())
                        + (v.times == 1 ? "" : " (" + v.times + " times)");
                List<RelatedCall> related = k.other() == k.site() ? List.of() : List.of(other.related());
                findings.add(new Finding(FindingKind.REQUEST_LIFECYCLE, v.severity, List.of(k.rank()),
                        here.site().op(), here.ref(), related, message, List.of(), key(k.rule(), k.rank(), here)));
            }
            return findings;
        }
    }
}
