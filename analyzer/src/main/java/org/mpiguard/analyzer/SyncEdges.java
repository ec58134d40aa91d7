package org.mpiguard.analyzer;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.trace.RmaSyncOp;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;

/**
 * Happens-before edges between single events of two ranks, from general active target
 * synchronisation (PSCW): a target's post happens before the start of each origin in its
 * group, and each origin's complete happens before the target's wait (or its successful
 * test). The k-th post of a target naming an origin pairs with the k-th start of that
 * origin naming the target.
 */
final class SyncEdges {

    /** Edges into an event: {@code key(rank, index)} to the keys of the events it waits for. */
    private final Map<Long, List<Long>> into = new HashMap<>();
    /** The events some edge leaves from. */
    private final java.util.Set<Long> sources = new java.util.HashSet<>();

    static long key(int rank, int index) {
        return (long) rank << 32 | index;
    }

    List<Long> into(int rank, int index) {
        return into.get(key(rank, index));
    }

    boolean isSource(int rank, int index) {
        return sources.contains(key(rank, index));
    }

    private void add(long from, long to) {
        Buckets.list(into, to).add(from);
        sources.add(from);
    }

    /** Events of one kind on one window, between one target and one origin, in order. */
    private record Pair(long win, int target, int origin) {
        // written out, as the record's would be: see SiteRef
        @Override
        public boolean equals(Object o) {
            return o instanceof Pair p && win == p.win && target == p.target && origin == p.origin;
        }

        @Override
        public int hashCode() {
            return (Long.hashCode(win) * 31 + target) * 31 + origin;
        }
    }

    static SyncEdges build(TraceSet traces) {
        Map<Pair, List<Long>> posts = new HashMap<>();
        Map<Pair, List<Long>> starts = new HashMap<>();
        Map<Pair, List<Long>> completes = new HashMap<>();
        Map<Pair, List<Long>> waits = new HashMap<>();
        for (int r = 0; r < traces.worldSize(); r++) {
            TraceFile t = traces.rank(r);
            if (t == null) {
                continue;
            }
            int rank = r;
            Reader reader = new Reader(t, new Sink() {
                @Override
                public void pscw(int index, Role role, long win, int[] group) {
                    switch (role) {
                        case POST -> note(posts, win, rank, group, true, key(rank, index));
                        case START -> note(starts, win, rank, group, false, key(rank, index));
                        case COMPLETE -> note(completes, win, rank, group, false, key(rank, index));
                        default -> note(waits, win, rank, group, true, key(rank, index));
                    }
                }
            });
            List<TraceEvent> events = t.events();
            for (int i = 0; i < events.size(); i++) {
                reader.accept(i, events.get(i));
            }
        }
        SyncEdges edges = new SyncEdges();
        pairUp(posts, starts, edges);
        pairUp(completes, waits, edges);
        return edges;
    }

    /**
     * A PSCW call's part in the edges: a post (to the origins of its group) and a complete
     * (to the targets its start named) are where edges leave; a start and a wait (or a test
     * that succeeded) are where they arrive.
     */
    enum Role { POST, START, COMPLETE, WAIT }

    /** What a rank's PSCW calls are, in its order. */
    interface Sink {
        void pscw(int index, Role role, long win, int[] group);
    }

    /** One rank's PSCW calls read an event at a time, with the group each one pairs with. */
    static final class Reader {
        private final TraceFile trace;
        private final Sink sink;
        private final Map<Long, int[]> exposedTo = new HashMap<>();
        private final Map<Long, int[]> accessing = new HashMap<>();

        Reader(TraceFile trace, Sink sink) {
            this.trace = trace;
            this.sink = sink;
        }

        void accept(int i, TraceEvent e) {
            if (e.kind() != org.mpiguard.core.trace.EventKind.RMA_SYNC) {
                return;
            }
            RmaSyncOp op = RmaSyncOp.of(e.op());
            long win = e.field(1);
            int[] group = trace.rankSets().getOrDefault(e.intField(5), new int[0]);
            if (op == RmaSyncOp.POST) {
                exposedTo.put(win, group);
                sink.pscw(i, Role.POST, win, group);
            } else if (op == RmaSyncOp.START) {
                accessing.put(win, group);
                sink.pscw(i, Role.START, win, group);
            } else if (op == RmaSyncOp.COMPLETE) {
                sink.pscw(i, Role.COMPLETE, win, accessing.getOrDefault(win, new int[0]));
            } else if (op == RmaSyncOp.WAIT || op == RmaSyncOp.TEST) {
                // a test is recorded only when it succeeded: then it ends the exposure epoch as a wait does
                sink.pscw(i, Role.WAIT, win, exposedTo.getOrDefault(win, new int[0]));
            }
        }
    }

    private static void note(Map<Pair, List<Long>> into, long win, int rank, int[] group, boolean asTarget, long key) {
        for (int other : group) {
            Pair p = asTarget ? new Pair(win, rank, other) : new Pair(win, other, rank);
            Buckets.list(into, p).add(key);
        }
    }

    private static void pairUp(Map<Pair, List<Long>> from, Map<Pair, List<Long>> to, SyncEdges edges) {
        for (Map.Entry<Pair, List<Long>> e : from.entrySet()) {
            List<Long> targets = to.get(e.getKey());
            if (targets == null) {
                continue;
            }
            for (int k = 0; k < Math.min(e.getValue().size(), targets.size()); k++) {
                edges.add(e.getValue().get(k), targets.get(k));
            }
        }
    }
}
