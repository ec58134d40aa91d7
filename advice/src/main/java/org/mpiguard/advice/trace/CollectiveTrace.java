package org.mpiguard.advice.trace;

import org.mpiguard.adapter.trace.TraceIds;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.collective.CommIdentity;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * Collective calls into the trace, from where the ring numbers them (CollectiveRing): the
 * communicator's identity and the ring number name the instance every member agrees on.
 * The count and type are the block the ring compares (one for both sides).
 *
 * <p>The ring numbers a nonblocking collective before the call, when its request does not
 * exist yet: the event waits in the thread's {@link Pending} until the call returned
 * ({@link #started}, trace.rules), and is recorded with the request's id, so the wait
 * that completes the request completes the collective.
 */
public final class CollectiveTrace {

    /** One thread's nonblocking collective, numbered and not yet recorded. */
    private static final class Pending {
        boolean held;
        int site;
        CollectiveKind kind;
        long comm;
        long ring;
        int root;
        int opCode;
        int sig;
        int count;
    }

    // an initialValue, not withInitial(...::new): no call site to link at class initialisation
    private static final ThreadLocal<Pending> PENDING = new ThreadLocal<>() {
        @Override
        protected Pending initialValue() {
            return new Pending();
        }
    };

    private CollectiveTrace() {
    }

    public static void called(CommIdentity comm, long ring, CollectiveKind kind, boolean nonblocking, int root,
                              int opCode, int count, Object type, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r == null) {
            return;
        }
        int worldRoot = root >= 0 && root < comm.size() ? comm.worldRank(root) : -1;
        int sig = type == null ? 0 : TraceIds.signature(type);
        if (!nonblocking) {
            r.collective(site, kind, false, comm.id(), ring, worldRoot, opCode, sig, count, sig, count, 0);
            return;
        }
        Pending p = PENDING.get();
        if (p.held) {
            write(r, p, 0); // its call threw before returning a request
        }
        p.site = site;
        p.kind = kind;
        p.comm = comm.id();
        p.ring = ring;
        p.root = worldRoot;
        p.opCode = opCode;
        p.sig = sig;
        p.count = count;
        p.held = true;
    }

    /** The nonblocking collective this thread just called returned {@code request} (null: it has none, iDup). */
    public static void started(Object request, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r == null) {
            return;
        }
        Pending p = PENDING.get();
        if (p.held && p.site == site) {
            write(r, p, RequestTrace.id(request));
        }
    }

    private static void write(TraceRecorder r, Pending p, long request) {
        p.held = false;
        r.collective(p.site, p.kind, true, p.comm, p.ring, p.root, p.opCode, p.sig, p.count, p.sig, p.count, request);
    }
}
