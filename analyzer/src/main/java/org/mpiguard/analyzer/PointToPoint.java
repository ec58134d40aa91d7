package org.mpiguard.analyzer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.trace.CompletionOp;
import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.ProbeOp;
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

    /** The source and tag an mProbe found, waiting for the mRecv of its thread. */
    private record Probed(int source, int tag, boolean anySource, boolean anyTag) {
    }

    private void collect(TraceFile t) {
        int r = t.rank();
        List<TraceEvent> events = t.events();
        Map<Long, RecvEvent> blockingByThread = new HashMap<>();
        Map<Long, RecvEvent> recvByRequest = new HashMap<>();
        Map<Long, SendEvent> sendByRequest = new HashMap<>();
        Map<Long, Probed> probedByThread = new HashMap<>();
        Occurrences occurrences = new Occurrences(t);
        for (int i = 0; i < events.size(); i++) {
            TraceEvent e = events.get(i);
            switch (e.kind()) {
                case SEND -> {
                    if (e.intField(2) == TraceRecorder.PROC_NULL) {
                        continue;
                    }
                    SendEvent s = new SendEvent(r, i, PointOp.of(e.op()), e.field(1), e.intField(2), e.intField(3),
                            t.signature(e.intField(4)), e.intField(5), e.field(6), e.site());
                    sends.get(r).add(s);
                    sendAt[r][i] = s;
                    if (s.request != 0) {
                        sendByRequest.put(s.request, s);
                    }
                }
                case PROBE -> {
                    ProbeOp op = ProbeOp.of(e.op());
                    if ((op == ProbeOp.MPROBE || op == ProbeOp.IMPROBE) && e.field(4) != 0) {
                        probedByThread.put(e.thread(), new Probed(e.intField(5), e.intField(6),
                                e.intField(2) == TraceRecorder.ANY, e.intField(3) == TraceRecorder.ANY));
                    }
                }
                case RECV -> {
                    if (e.intField(2) == TraceRecorder.PROC_NULL) {
                        continue;
                    }
                    PointOp op = PointOp.of(e.op());
                    int source = e.intField(2);
                    int tag = e.intField(3);
                    Probed probed = null;
                    if (op == PointOp.MRECV || op == PointOp.IMRECV) {
                        // the message was chosen by the mProbe: its wildcards are this receive's
                        probed = probedByThread.remove(e.thread());
                        if (probed != null) {
                            source = probed.anySource ? TraceRecorder.ANY : probed.source;
                            tag = probed.anyTag ? TraceRecorder.ANY : probed.tag;
                        }
                    }
                    RecvEvent v = new RecvEvent(r, i, recvs.get(r).size(), op, e.field(1), source, tag,
                            t.signature(e.intField(4)), e.intField(5), e.field(6), e.site());
                    v.occurrence = occurrences.next(e.site());
                    if (probed != null) {
                        v.matchedSource = probed.source;
                        v.matchedTag = probed.tag;
                    }
                    recvs.get(r).add(v);
                    if (v.request == 0) {
                        blockingByThread.put(e.thread(), v);
                    } else {
                        recvByRequest.put(v.request, v);
                    }
                }
                case COMPLETE -> {
                    long request = e.field(1);
                    boolean cancelled = (e.field(5) & CompletionOp.CANCELLED) != 0;
                    RecvEvent v = request == 0 ? blockingByThread.remove(e.thread()) : recvByRequest.remove(request);
                    if (v != null) {
                        v.completion = i;
                        v.cancelled = cancelled;
                        if (e.intField(2) != TraceRecorder.ANY) {
                            v.matchedSource = e.intField(2);
                            v.matchedTag = e.intField(3);
                        }
                        v.matchedCount = e.intField(4);
                        completedAt[r][i] = v;
                    } else if (request != 0) {
                        SendEvent s = sendByRequest.remove(request);
                        if (s != null) {
                            s.cancelled = cancelled;
                        }
                    }
                }
                default -> {
                }
            }
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

    /** Receives counted per source location: two site ids of one line (a class loaded twice) count as one. */
    private static final class Occurrences {
        private final TraceFile trace;
        private final Map<Integer, int[]> bySite = new HashMap<>();
        private final Map<SiteRef, int[]> byLocation = new HashMap<>();

        Occurrences(TraceFile trace) {
            this.trace = trace;
        }

        int next(int site) {
            int[] count = bySite.get(site);
            if (count == null) {
                SiteRef at = SiteRef.of(trace.site(site));
                count = byLocation.get(at);
                if (count == null) {
                    count = new int[1];
                    byLocation.put(at, count);
                }
                bySite.put(site, count);
            }
            return ++count[0];
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
