package org.mpiguard.adapter.shadow;

import org.mpiguard.core.activity.WaitKind;

/**
 * A nonblocking request: what it waits for (a send to, a receive from, a collective on:
 * its kind, communicator, peer and tag, for the wait-for graph), the call that made it and
 * its buffer, and whether it is an active persistent request or was freed (for the
 * argument checks).
 *
 * <p>Unlike the other shadows, a request's shadow is a reused slot of
 * {@link RequestShadows}' fixed table (programs make a request per nonblocking call, and
 * recording one must not allocate); its fields are guarded by the slot's monitor, and
 * readers take a copy ({@link #copyTo}). Add a field here, to {@link #claim} and to
 * {@link #copyTo} to hang more state off requests.
 */
public final class RequestShadow {

    Object request;
    WaitKind kind;
    Object comm;
    int peer;
    int tag;
    int site;
    Object buffer;
    /** A persistent request started and not yet completed. */
    boolean active;
    boolean freed;
    /** The request's id in this rank's trace: a per-rank count from 1, never reused. */
    long traceId;

    private static final java.util.concurrent.atomic.AtomicLong TRACE_IDS = new java.util.concurrent.atomic.AtomicLong();

    RequestShadow() {
    }

    /** Makes this slot the shadow of {@code made} (the caller holds the slot's monitor). */
    void claim(Object made, WaitKind madeKind, Object madeComm, int madePeer, int madeTag, int madeSite,
               Object madeBuffer) {
        request = made;
        kind = madeKind;
        comm = madeComm;
        peer = madePeer;
        tag = madeTag;
        site = madeSite;
        buffer = madeBuffer;
        active = false;
        freed = false;
        traceId = TRACE_IDS.incrementAndGet();
    }

    /** Copies what the request waits for into {@code into} (the caller holds the slot's monitor). */
    void copyTo(View into) {
        into.kind = kind;
        into.comm = comm;
        into.peer = peer;
        into.tag = tag;
        into.site = site;
        into.buffer = buffer;
        into.active = active;
        into.traceId = traceId;
    }

    /** A reader's reusable copy of one request's shadow. */
    public static final class View {
        public WaitKind kind;
        public Object comm;
        public int peer;
        public int tag;
        /** The call that made the request, or CallSites.UNKNOWN_ID. */
        public int site;
        public Object buffer;
        public boolean active;
        /** The request's id in the trace, never 0. */
        public long traceId;
    }
}
