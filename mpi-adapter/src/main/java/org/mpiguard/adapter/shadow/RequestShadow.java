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
    /** A nonblocking (not persistent) request made and not yet completed by a wait or a successful test. */
    boolean pending;
    /** The last call that completed, started or freed the request (CallSites.UNKNOWN_ID if none): the earlier side of a lifecycle finding. */
    int completedSite;
    int startedSite;
    int freedSite;

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
        pending = !(made instanceof mpi.Prequest);
        completedSite = 0;
        startedSite = 0;
        freedSite = 0;
    }

    /** Copies what the request waits for into {@code into} (the caller holds the slot's monitor). */
    void copyTo(View into) {
        into.request = request;
        into.freed = freed;
        into.kind = kind;
        into.comm = comm;
        into.peer = peer;
        into.tag = tag;
        into.site = site;
        into.buffer = buffer;
        into.active = active;
        into.pending = pending;
        into.completedSite = completedSite;
        into.startedSite = startedSite;
        into.freedSite = freedSite;
    }

    /** A reader's reusable copy of one request's shadow. */
    public static final class View {
        public Object request;
        public boolean freed;
        public WaitKind kind;
        public Object comm;
        public int peer;
        public int tag;
        /** The call that made the request, or CallSites.UNKNOWN_ID. */
        public int site;
        public Object buffer;
        public boolean active;
        public boolean pending;
        public int completedSite;
        public int startedSite;
        public int freedSite;
    }
}
