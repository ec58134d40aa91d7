package org.mpiguard.analyzer;

import java.util.HashMap;
import java.util.Map;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.trace.CompletionOp;
import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.ProbeOp;
import org.mpiguard.core.trace.RequestOp;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * One rank's sends and receives, read from its events in order: each send and receive as
 * it is posted (a message to or from {@code PROC_NULL} is none), each receive's completion
 * (the source and tag its status names, the count, whether it was cancelled) and each
 * nonblocking send's. What the whole-trace pairing ({@link PointToPoint}) and the streaming
 * one ({@link StreamingMatch}) both read the events with.
 */
final class MessageCollector {

    /** What the collector tells of the rank's messages, in the rank's order. */
    interface Sink {
        void sent(SendEvent s);

        void posted(RecvEvent v);

        /** {@code v}'s completion, source, tag, count and cancellation are known now. */
        void received(RecvEvent v);

        /** A nonblocking send completed: whether it was cancelled is known now. */
        void sendCompleted(SendEvent s);
    }

    /** The source and tag an mProbe (event {@code index}) found, waiting for the mRecv of its thread. */
    private record Probed(int index, int source, int tag, boolean anySource, boolean anyTag) {
    }

    private final TraceFile trace;
    private final int rank;
    private final Sink sink;
    private final LongMap<RecvEvent> blockingByThread = new LongMap<>();
    private final LongMap<RecvEvent> recvByRequest = new LongMap<>();
    private final LongMap<SendEvent> sendByRequest = new LongMap<>();
    private final LongMap<Probed> probedByThread = new LongMap<>();
    /** The persistent requests made by rSendInit and not freed: their starts are ready sends. */
    private final LongMap<Boolean> readyPersistent = new LongMap<>();
    private final Map<Integer, int[]> occurrenceBySite = new HashMap<>();
    private final Map<SiteRef, int[]> occurrenceByLocation = new HashMap<>();
    private int receives;

    /** {@code trace} gives the rank, its sites and signatures (its events are read by the caller). */
    MessageCollector(TraceFile trace, Sink sink) {
        this.trace = trace;
        this.rank = trace.rank();
        this.sink = sink;
    }

    /** Event {@code i} of the rank. */
    void accept(int i, TraceEvent e) {
        switch (e.kind()) {
            case SEND -> {
                if (e.intField(2) != TraceRecorder.PROC_NULL) {
                    SendEvent s = new SendEvent(rank, i, PointOp.of(e.op()), e.field(1), e.intField(2), e.intField(3),
                            trace.signature(e.intField(4)), e.intField(5), e.field(6), e.site());
                    if (s.request != 0) {
                        sendByRequest.put(s.request, s);
                        s.readyMode |= s.op == PointOp.START && readyPersistent.get(s.request) != null;
                    }
                    sink.sent(s);
                }
            }
            case PROBE -> {
                ProbeOp op = ProbeOp.of(e.op());
                if ((op == ProbeOp.MPROBE || op == ProbeOp.IMPROBE) && e.field(4) != 0) {
                    probedByThread.put(e.thread(), new Probed(i, e.intField(5), e.intField(6),
                            e.intField(2) == TraceRecorder.ANY, e.intField(3) == TraceRecorder.ANY));
                }
            }
            case RECV -> {
                if (e.intField(2) != TraceRecorder.PROC_NULL) {
                    posted(i, e);
                }
            }
            case COMPLETE -> completed(i, e);
            case REQUEST -> persistent(e);
            default -> {
            }
        }
    }

    /** Remembers which persistent requests rSendInit made (its site names the call), until they are freed. */
    private void persistent(TraceEvent e) {
        RequestOp op = RequestOp.of(e.op());
        long request = e.field(1);
        if (op == RequestOp.CREATE_PERSISTENT && trace.site(e.site()).op().endsWith(".rSendInit")) {
            readyPersistent.put(request, Boolean.TRUE);
        } else if (op == RequestOp.FREE || op == RequestOp.CREATE_PERSISTENT) {
            readyPersistent.remove(request);
        }
    }

    private void posted(int i, TraceEvent e) {
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
        RecvEvent v = new RecvEvent(rank, i, receives++, op, e.field(1), source, tag, trace.signature(e.intField(4)),
                e.intField(5), e.field(6), e.site());
        v.occurrence = occurrence(e.site());
        if (probed != null) {
            v.matchedSource = probed.source;
            v.matchedTag = probed.tag;
            v.probe = probed.index;
        }
        if (v.request == 0) {
            blockingByThread.put(e.thread(), v);
        } else {
            recvByRequest.put(v.request, v);
        }
        sink.posted(v);
    }

    private void completed(int i, TraceEvent e) {
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
            sink.received(v);
        } else if (request != 0) {
            SendEvent s = sendByRequest.remove(request);
            if (s != null) {
                s.cancelled = cancelled;
                s.completed = true;
                sink.sendCompleted(s);
            }
        }
    }

    /** Receives counted per source location: two site ids of one line (a class loaded twice) count as one. */
    private int occurrence(int site) {
        int[] count = occurrenceBySite.get(site);
        if (count == null) {
            SiteRef at = SiteRef.of(trace.site(site));
            count = occurrenceByLocation.get(at);
            if (count == null) {
                count = new int[1];
                occurrenceByLocation.put(at, count);
            }
            occurrenceBySite.put(site, count);
        }
        return ++count[0];
    }
}
