package org.mpiguard.analyzer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * Every rank's sends and receives, each receive linked to the event that completed it
 * and paired with the send it took: MPI's non-overtaking order per sender, receiver,
 * communicator and tag, with the source and tag the status reported for wildcards.
 */
final class PointToPoint {

    final List<List<SendEvent>> sends = new ArrayList<>();
    final List<List<RecvEvent>> recvs = new ArrayList<>();
    /** {@code sendsTo.get(p)}: the sends to rank p, each sender's in its order (ranks in turn). */
    final List<List<SendEvent>> sendsTo = new ArrayList<>();
    /** {@code sendAt[rank][eventIndex]}: the send posted by that event. */
    final SendEvent[][] sendAt;
    /** {@code completedAt[rank][eventIndex]}: the receive that event completed. */
    final RecvEvent[][] completedAt;

    private PointToPoint(int worldSize) {
        sendAt = new SendEvent[worldSize][];
        completedAt = new RecvEvent[worldSize][];
    }

    static PointToPoint build(TraceSet traces) {
        PointToPoint p = new PointToPoint(traces.worldSize());
        for (int r = 0; r < traces.worldSize(); r++) {
            p.sends.add(new ArrayList<>());
            p.recvs.add(new ArrayList<>());
            p.sendsTo.add(new ArrayList<>());
            TraceFile t = traces.rank(r);
            int n = t == null ? 0 : t.events().size();
            p.sendAt[r] = new SendEvent[n];
            p.completedAt[r] = new RecvEvent[n];
            if (t != null) {
                p.collect(t);
            }
        }
        for (List<SendEvent> fromRank : p.sends) {
            for (SendEvent s : fromRank) {
                if (s.dest >= 0 && s.dest < traces.worldSize() && !s.cancelled) {
                    p.sendsTo.get(s.dest).add(s);
                }
            }
        }
        p.match();
        return p;
    }

    private void collect(TraceFile t) {
        int r = t.rank();
        List<TraceEvent> events = t.events();
        MessageCollector collector = new MessageCollector(t, new MessageCollector.Sink() {
            @Override
            public void sent(SendEvent s) {
                sends.get(r).add(s);
                sendAt[r][s.index] = s;
            }

            @Override
            public void posted(RecvEvent v) {
                recvs.get(r).add(v);
            }

            @Override
            public void received(RecvEvent v) {
                completedAt[r][v.completion] = v;
            }

            @Override
            public void sendCompleted(SendEvent s) {
            }
        });
        for (int i = 0; i < events.size(); i++) {
            collector.accept(i, events.get(i));
        }
    }

    private record Channel(int sender, long comm, int tag) {
        // written out, as the record's would be: see SiteRef
        @Override
        public boolean equals(Object o) {
            return o instanceof Channel c && sender == c.sender && comm == c.comm && tag == c.tag;
        }

        @Override
        public int hashCode() {
            return (sender * 31 + Long.hashCode(comm)) * 31 + tag;
        }
    }

    /** Pairs each receive with the earliest send of its channel still free, receives in posting order. */
    private void match() {
        for (int p = 0; p < recvs.size(); p++) {
            Map<Channel, ArrayDeque<SendEvent>> channels = new HashMap<>();
            for (SendEvent s : sendsTo.get(p)) {
                Channel c = new Channel(s.rank, s.comm, s.tag);
                ArrayDeque<SendEvent> q = channels.get(c);
                if (q == null) {
                    channels.put(c, q = new ArrayDeque<>());
                }
                q.add(s);
            }
            for (RecvEvent v : recvs.get(p)) {
                int source = v.effectiveSource();
                int tag = v.effectiveTag();
                if (v.cancelled || source == TraceRecorder.ANY || tag == TraceRecorder.ANY) {
                    continue;
                }
                ArrayDeque<SendEvent> queue = channels.get(new Channel(source, v.comm, tag));
                SendEvent s = queue == null ? null : queue.poll();
                if (s != null) {
                    s.matchedBy = v;
                    v.matched = s;
                }
            }
        }
    }
}
