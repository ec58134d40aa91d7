package org.mpiguard.advice.trace;

import mpi.Datatype;
import org.mpiguard.adapter.trace.TraceIds;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.collective.CommIdentity;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * Collective calls into the trace, from where the ring numbers them (CollectiveRing): the
 * communicator's identity and the ring number name the instance every member agrees on.
 * The count and type are the block the ring compares (one for both sides).
 */
public final class CollectiveTrace {

    private CollectiveTrace() {
    }

    public static void called(CommIdentity comm, long ring, CollectiveKind kind, boolean nonblocking, int root,
                              int opCode, int count, Datatype type, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r == null) {
            return;
        }
        int worldRoot = root >= 0 && root < comm.size() ? comm.worldRank(root) : -1;
        int sig = type == null ? 0 : TraceIds.signature(type);
        r.collective(site, kind, nonblocking, comm.id(), ring, worldRoot, opCode, sig, count, sig, count, 0);
    }
}
