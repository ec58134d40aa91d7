package org.mpiguard.adapter.shadow;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.mpiguard.core.activity.WaitKind;

/**
 * A nonblocking request: what it waits for (a send to, a receive from, a collective on:
 * its kind, communicator, peer and tag, for the wait-for graph), the call that made it and
 * its buffer, and whether it is an active persistent request or was freed (for the
 * argument checks).
 *
 * <p>Unlike the other shadows, a request's shadow is a reused slot of
 * {@link RequestShadows}' fixed table (programs make a request per nonblocking call, and
 * recording one must not allocate). Its fields are a seqlock: a writer takes the version
 * from even to odd by a compare-and-set (writers exclude each other, spinning for the few
 * stores another one makes), writes, and releases it even again; a reader copies the
 * fields between two reads of an even, unchanged version, without a lock. Add a field
 * here, to {@link #claim} and to {@link #copyTo} to hang more state off requests.
 */
public final class RequestShadow {

    static final int ACTIVE = 1;
    static final int FREED = 2;
    private static final int READ_ATTEMPTS = 64;
    private static final VarHandle VERSION;

    static {
        try {
            VERSION = MethodHandles.lookup().findVarHandle(RequestShadow.class, "version", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile int version;
    Object request;
    private WaitKind kind;
    private Object comm;
    private int peer;
    private int tag;
    private int site;
    private Object buffer;
    /** ACTIVE (a persistent request started and not yet completed) and FREED. */
    int flags;
    /** The request's id in this rank's trace (a per-rank count from 1, never reused); 0 while no trace is recorded. */
    private long traceId;
    /** What a persistent request sends or receives at each start, for the trace: its signature id and count. */
    private int traceSignature;
    private int traceCount;
    /** A nonblocking (not persistent) request made and not yet completed by a wait or a successful test. */
    boolean pending;
    /**
     * The request is persistent, noted at the claim: a new request's slot look-up asks each slot
     * it probes ({@link #vacancyHeld}), and asking the held request's class loaded that object
     * too, a cache miss per probe once the table is full (jacobi2d, docs/overhead.md).
     */
    private boolean persistent;
    /** The last call that completed, started or freed the request (CallSites.UNKNOWN_ID if none): the earlier side of a lifecycle finding. */
    int completedSite;
    int startedSite;
    int freedSite;

    RequestShadow() {
    }

    /** Takes the slot for writing; returns the version to give {@link #unlock}. */
    int lock() {
        for (;;) {
            int v = version;
            if ((v & 1) == 0 && VERSION.compareAndSet(this, v, v + 1)) {
                return v;
            }
            Thread.onSpinWait();
        }
    }

    void unlock(int lockedAt) {
        VERSION.setRelease(this, lockedAt + 2);
    }

    /** {@link #unlock} by the thread that holds the slot, without the version it locked at (held: one more than it). */
    void unlockHeld() {
        VERSION.setRelease(this, version + 1);
    }

    /** Whether this slot is {@code wanted}'s shadow now (the volatile read first: what its writer wrote is seen). */
    boolean holds(Object wanted) {
        int seen = version; // read for its ordering alone; the version only grows (and wraps), its value is not asked
        return request == wanted;
    }

    /**
     * How willingly this slot takes a new request, read without the lock: 2 empty, 1 its
     * request is done with (a nonblocking request completed, neither active nor freed), 0 its
     * request may still be waited for, started or freed, or a writer holds the slot now. The
     * taker asks again under the lock ({@link #vacancyHeld}).
     */
    int vacancy() {
        if ((version & 1) != 0) {
            return 0;
        }
        return vacancyHeld();
    }

    /** {@link #vacancy}, for a caller that holds the slot. */
    int vacancyHeld() {
        Object held = request;
        if (held == null) {
            return 2;
        }
        return !pending && flags == 0 && completedSite != 0 && !persistent ? 1 : 0;
    }

    /** Makes this slot the shadow of {@code made} (the caller holds the slot). */
    void claim(Object made, WaitKind madeKind, Object madeComm, int madePeer, int madeTag, int madeSite,
               Object madeBuffer, int madeFlags, long madeTraceId) {
        request = made;
        kind = madeKind;
        comm = madeComm;
        peer = madePeer;
        tag = madeTag;
        site = madeSite;
        buffer = madeBuffer;
        flags = madeFlags;
        traceId = madeTraceId;
        traceSignature = 0;
        traceCount = 0;
        persistent = made instanceof mpi.Prequest;
        pending = !persistent;
        completedSite = 0;
        startedSite = 0;
        freedSite = 0;
    }

    /** Records what a persistent request moves at each start (the caller holds the slot). */
    void describe(int signature, int count) {
        traceSignature = signature;
        traceCount = count;
    }

    /** Copies every field into {@code into}, the request and its buffer too (the caller holds the slot). */
    void copyHeldTo(RequestShadow.View into) {
        copyFieldsTo(into);
        into.request = request;
        into.buffer = buffer;
    }

    /**
     * Copies the fields a check asks about, but not the references to the request and its
     * buffer: a thread's reused scratch view then never keeps the last request it looked at
     * (nor its buffer) reachable after the program dropped it. Called by {@link #copyTo}, or
     * by a caller that holds the slot.
     */
    void copyFieldsTo(RequestShadow.View into) {
        into.set(kind, comm, peer, tag, site, flags, traceId);
        into.traceSignature = traceSignature;
        into.traceCount = traceCount;
        into.pending = pending;
        into.completedSite = completedSite;
        into.startedSite = startedSite;
        into.freedSite = freedSite;
    }

    /** Copies the shadow of {@code wanted} into {@code into}; false if this slot holds another request. */
    boolean copyTo(Object wanted, View into) {
        for (int attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
            int before = version;
            if ((before & 1) != 0) {
                Thread.onSpinWait();
                continue;
            }
            Object r = request;
            copyFieldsTo(into); // a torn copy is thrown away below: the version moved
            VarHandle.loadLoadFence();
            if (version == before) {
                return r == wanted;
            }
        }
        int v = lock(); // writers kept the slot busy: wait for one of them
        try {
            copyFieldsTo(into);
            return request == wanted;
        } finally {
            unlock(v);
        }
    }

    /**
     * A reader's reusable copy of one request's shadow. A look-up fills every field but
     * {@code request} and {@code buffer}, which only the copies made at Finalize hold.
     */
    public static final class View {
        public Object request;
        public boolean pending;
        public int completedSite;
        public int startedSite;
        public int freedSite;
        public WaitKind kind;
        public Object comm;
        public int peer;
        public int tag;
        /** The call that made the request, or CallSites.UNKNOWN_ID. */
        public int site;
        public Object buffer;
        public boolean active;
        public boolean freed;
        /** The request's id in the trace; 0 when it was made while no trace was recorded. */
        public long traceId;
        /** A persistent request's signature id and count, 0 if not described. */
        public int traceSignature;
        public int traceCount;

        private boolean set(WaitKind k, Object c, int p, int t, int s, int f, long id) {
            kind = k;
            comm = c;
            peer = p;
            tag = t;
            site = s;
            active = (f & ACTIVE) != 0;
            freed = (f & FREED) != 0;
            traceId = id;
            return true;
        }
    }
}
