package org.mpiguard.advice.trace;

import java.nio.Buffer;
import mpi.Comm;
import mpi.Datatype;
import mpi.Group;
import mpi.MPIException;
import mpi.Op;
import mpi.Win;
import org.mpiguard.adapter.PredefinedCodes;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.adapter.trace.TraceIds;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.trace.HandleKind;
import org.mpiguard.core.trace.RmaOp;
import org.mpiguard.core.trace.RmaSyncOp;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * One-sided communication into the trace (trace.rules): windows made and freed, every
 * access with its target as a world rank, displacement, counts and types, and every
 * synchronisation call with its target, lock type, assertion and group.
 */
public final class RmaTrace {

    private RmaTrace() {
    }

    /**
     * A window made over {@code base}: the bindings count its size and displacement unit in
     * elements of the buffer; the trace in bytes. A dynamic window has no base (size 0).
     */
    public static void created(Win win, Comm comm, Buffer base, int size, int dispUnit, int site) throws MPIException {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            int unit = base == null ? 1 : Shadows.elementBytes(base);
            TraceIds.windowMade(r, win, comm, (long) size * unit, dispUnit * unit, site);
        }
    }

    public static void freed(Win win, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            long id = TraceIds.window(win);
            r.handle(site, HandleKind.FREE, HandleKind.WIN, id, id, 0, 0, 0);
        }
    }

    /** put, get, accumulate and their request-based forms (request null when none). */
    public static void access(Win win, RmaOp op, int originCount, Datatype originType, int target, int disp,
                              int targetCount, Datatype targetType, Op reduce, Object request, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            r.rma(site, op, TraceIds.window(win), TraceIds.windowRank(win, target), disp, targetCount,
                    TraceIds.signature(targetType), originCount, TraceIds.signature(originType),
                    reduce == null ? 0 : PredefinedCodes.get().code(reduce), RequestTrace.id(request), 0);
        }
    }

    /** A synchronisation call; {@code target} -1 where it names none, {@code group} for post and start. */
    public static void sync(Win win, RmaSyncOp op, int target, int lockType, int assertion, Group group, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            r.rmaSync(site, op, TraceIds.window(win), target < 0 ? -1 : TraceIds.windowRank(win, target), lockType,
                    assertion, group == null ? 0 : TraceIds.group(r, group));
        }
    }
}
