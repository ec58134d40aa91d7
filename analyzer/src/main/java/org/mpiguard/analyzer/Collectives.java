package org.mpiguard.analyzer;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.trace.RmaSyncOp;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;

/**
 * Every collective of the run, grouped into instances: the calls of all members with the
 * same communicator identity and ring number, which are one operation. A window's k-th
 * fence is an instance too (window identity, ring -k): it orders like a barrier.
 */
final class Collectives {

    record Key(long comm, long ring) {
        // written out, as the record's would be: see SiteRef
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && comm == k.comm && ring == k.ring;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(comm) * 31 + Long.hashCode(ring);
        }
    }

    final Map<Key, List<CollectiveEvent>> instances = new HashMap<>();
    /** {@code at[rank][eventIndex]}: the collective that event called. */
    final CollectiveEvent[][] at;
    /** {@code completing[rank][eventIndex]}: the nonblocking collective whose request that event completed. */
    final CollectiveEvent[][] completing;

    private Collectives(int worldSize) {
        at = new CollectiveEvent[worldSize][];
        completing = new CollectiveEvent[worldSize][];
    }

    static Collectives build(TraceSet traces) {
        Collectives c = new Collectives(traces.worldSize());
        for (int r = 0; r < traces.worldSize(); r++) {
            TraceFile t = traces.rank(r);
            int n = t == null ? 0 : t.events().size();
            int rank = r;
            c.at[r] = new CollectiveEvent[n];
            c.completing[r] = new CollectiveEvent[n];
            if (t == null) {
                continue;
            }
            Reader reader = new Reader(t, new Sink() {
                @Override
                public void called(CollectiveEvent ce) {
                    c.at[rank][ce.index()] = ce;
                    Buckets.list(c.instances, new Key(ce.comm(), ce.ring())).add(ce);
                }

                @Override
                public void completed(int index, CollectiveEvent ce) {
                    c.completing[rank][index] = ce;
                }
            });
            List<TraceEvent> events = t.events();
            for (int i = 0; i < n; i++) {
                reader.accept(i, events.get(i));
            }
        }
        return c;
    }

    /** What a rank's events say of its collectives, in its order. */
    interface Sink {
        /** The rank called {@code ce} (a fence: a barrier of the window's members, numbered apart from rings). */
        void called(CollectiveEvent ce);

        /** Event {@code index} completed the nonblocking collective {@code ce}. */
        void completed(int index, CollectiveEvent ce);
    }

    /** One rank's collectives read from its events one at a time: what whole traces and streams both read them with. */
    static final class Reader {
        private static final CollectiveKind[] KINDS = CollectiveKind.values();
        private final TraceFile trace;
        private final Sink sink;
        private final LongMap<CollectiveEvent> byRequest = new LongMap<>();
        private final LongMap<Long> fencesByWindow = new LongMap<>();

        Reader(TraceFile trace, Sink sink) {
            this.trace = trace;
            this.sink = sink;
        }

        void accept(int i, TraceEvent e) {
            int r = trace.rank();
            switch (e.kind()) {
                case COLLECTIVE -> {
                    int op = e.op();
                    if ((op >> 1) >= KINDS.length) {
                        return;
                    }
                    CollectiveEvent ce = new CollectiveEvent(r, i, KINDS[op >> 1], (op & 1) != 0, e.field(1),
                            e.field(2), e.intField(3), e.intField(4), trace.signature(e.intField(5)), e.intField(6),
                            trace.signature(e.intField(7)), e.intField(8), e.field(9), e.site());
                    sink.called(ce);
                    if (ce.request() != 0) {
                        byRequest.put(ce.request(), ce);
                    }
                }
                case RMA_SYNC -> {
                    if (RmaSyncOp.of(e.op()) == RmaSyncOp.FENCE) {
                        // a fence orders like a barrier of the window's members; numbered apart from rings
                        Long before = fencesByWindow.get(e.field(1));
                        long k = before == null ? 1 : before + 1;
                        fencesByWindow.put(e.field(1), k);
                        sink.called(new CollectiveEvent(r, i, CollectiveKind.BARRIER, false, e.field(1), -k, -1, 0, null,
                                0, null, 0, 0, e.site()));
                    }
                }
                case COMPLETE -> {
                    CollectiveEvent ce = byRequest.remove(e.field(1));
                    if (ce != null) {
                        sink.completed(i, ce);
                    }
                }
                default -> {
                }
            }
        }
    }

    List<CollectiveEvent> instance(CollectiveEvent e) {
        return instances.get(new Key(e.comm(), e.ring()));
    }
}
