package org.mpiguard.advice.trace;

import org.mpiguard.adapter.shadow.MessageShadow;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.adapter.trace.StatusFields;
import org.mpiguard.adapter.trace.TraceIds;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.trace.CompletionOp;
import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.ProbeOp;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * Point-to-point posts, blocking completions and probes into this rank's trace
 * (trace.rules). Each entry point reads one volatile field when not recording and
 * allocates nothing when recording; the matched source and tag come from the Status the
 * program gets (two Java array reads; the count is never asked: getCount is a JNI call).
 */
public final class PointToPointTrace {

    private PointToPointTrace() {
    }

    /** A send, before the call (blocking) or after it with its request (nonblocking; 0 when blocking). */
    public static void send(Object comm, int count, Object type, int dest, int tag, PointOp op, Object request,
                            int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            r.send(site, op, TraceIds.comm(comm), TraceIds.peer(comm, dest), tag, TraceIds.signature(type), count,
                    RequestTrace.id(request));
        }
    }

    /** A receive posted: before a blocking one (request null), after a nonblocking one. */
    public static void recv(Object comm, int count, Object type, int source, int tag, PointOp op, Object request,
                            int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            r.recv(site, op, TraceIds.comm(comm), TraceIds.peer(comm, source), TraceIds.tag(tag),
                    TraceIds.signature(type), count, RequestTrace.id(request));
        }
    }

    /** A blocking receive returned with {@code status}. */
    public static void received(Object comm, Object status, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null && status != null) {
            r.complete(site, CompletionOp.BLOCKING, 0, TraceIds.peer(comm, StatusFields.source(status)),
                    StatusFields.tag(status), -1, 0);
        }
    }

    /** sendRecv and sendRecvReplace, before the call: both halves. */
    public static void sendRecv(Object comm, int sendCount, Object sendType, int dest, int sendTag, int recvCount,
                                Object recvType, int source, int recvTag, PointOp op, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            long c = TraceIds.comm(comm);
            r.send(site, op, c, TraceIds.peer(comm, dest), sendTag, TraceIds.signature(sendType), sendCount, 0);
            r.recv(site, op, c, TraceIds.peer(comm, source), TraceIds.tag(recvTag), TraceIds.signature(recvType),
                    recvCount, 0);
        }
    }

    /** probe and iProbe (status null when nothing was found). */
    public static void probed(Object comm, int source, int tag, Object status, ProbeOp op, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            boolean found = status != null;
            r.probe(site, op, TraceIds.comm(comm), TraceIds.peer(comm, source), TraceIds.tag(tag), found,
                    found ? TraceIds.peer(comm, StatusFields.source(status)) : -1,
                    found ? StatusFields.tag(status) : -1, -1);
        }
    }

    /**
     * mProbe and imProbe (status null when imProbe found nothing): the probe, and on the
     * message's shadow what it matched, for the mRecv or imRecv that takes it.
     */
    public static void matchedProbe(Object message, int source, int tag, Object comm, Object status, ProbeOp op,
                                    int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r == null) {
            return;
        }
        probed(comm, source, tag, status, op, site);
        if (status != null && message != null) {
            Shadows.message(message).matched(comm, StatusFields.source(status), StatusFields.tag(status));
        }
    }

    /**
     * mRecv (before the call, request null) and imRecv (after it, with its request): a
     * receive of the message the probe matched, with that source and tag.
     */
    public static void matchedRecv(Object message, int count, Object type, PointOp op, Object request, int site) {
        TraceRecorder r = TraceSession.recorder();
        MessageShadow.Matched m = r == null || message == null ? null : Shadows.message(message).matched();
        if (m != null) {
            r.recv(site, op, TraceIds.comm(m.comm()), TraceIds.peer(m.comm(), m.source()), m.tag(),
                    TraceIds.signature(type), count, RequestTrace.id(request));
        }
    }

    /** mRecv returned with {@code status}. */
    public static void matchedReceived(Object message, Object status, int site) {
        TraceRecorder r = TraceSession.recorder();
        MessageShadow.Matched m = r == null || message == null ? null : Shadows.message(message).matched();
        if (m != null) {
            received(m.comm(), status, site);
        }
    }
}
