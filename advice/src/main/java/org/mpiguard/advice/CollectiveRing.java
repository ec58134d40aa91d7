package org.mpiguard.advice;

import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.advice.trace.CollectiveTrace;

import org.mpiguard.core.Guard;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.adapter.PredefinedCodes;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.collective.CommIdentity;

/**
 * What every collective call does before it reaches MPI: count it on its communicator
 * and, when the ring is on, append it to the thread's log for the watchdog to send to
 * the neighbour that compares it. The blocking variants also mark the thread as blocked
 * in that numbered collective. Nothing here waits for another rank or allocates.
 */
public final class CollectiveRing {

    private CollectiveRing() {
    }

    /** A nonblocking collective (or one that never blocks the wait-for graph). */
    public static void record(Object comm, CollectiveKind kind, boolean nonblocking, int root, Object op, int count,
                              Object type, int site) {
        recordCall(null, comm, kind, nonblocking, root, op, count, type, site);
    }

    /** A blocking collective: counted, logged, and bracketed for the watchdog. */
    public static ThreadActivity enter(Object comm, CollectiveKind kind, int root, Object op, int count, Object type,
                                       int site) {
        ThreadActivity activity = RankActivity.current();
        long seq = recordCall(activity, comm, kind, false, root, op, count, type, site);
        activity.enter(WaitKind.COLLECTIVE, site, comm, ThreadActivity.NO_PEER, ThreadActivity.NO_PEER, (int) seq);
        return activity;
    }

    /** A communicator just made at {@code site} by {@code kind} on {@code parent}: give it its identity. */
    public static void created(Object parent, Object child, CollectiveKind kind, int site) {
        if (MpiRuntime.tracksCollectives()) {
            Shadows.derived(parent, child, kind, site);
        }
    }

    /** {@code activity} is the caller's, if it already has it; else looked up only when needed. */
    private static long recordCall(ThreadActivity activity, Object comm, CollectiveKind kind, boolean nonblocking, int root, Object op,
                                   int count, Object type, int site) {
        if (!MpiRuntime.tracksCollectives()) {
            return 0;
        }
        try {
            CommIdentity identity = Shadows.identity(comm);
            if (identity == null) {
                return 0;
            }
            long seq = identity.nextCollective();
            boolean traced = TraceSession.recorder() != null;
            boolean ring = MpiRuntime.ringActive() && identity.size() > 1;
            if (!traced && !ring) {
                return seq;
            }
            PredefinedCodes codes = PredefinedCodes.get();
            int opCode = codes.code(op); // once for the trace and the ring
            if (traced) {
                CollectiveTrace.called(identity, seq, kind, nonblocking, root, opCode, count, type, site);
            }
            if (ring) {
                int typeCode = codes.code(type);
                (activity != null ? activity : RankActivity.current()).collectiveLog().append(identity, seq, kind, nonblocking, root,
                        opCode, count, typeCode, codes.size(typeCode, type), site);
            }
            return seq;
        } catch (RuntimeException e) {
            Guard.fault("recording a collective call", e);
            return 0;
        }
    }
}
