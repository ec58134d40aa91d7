package org.mpiguard.advice.trace;

import org.mpiguard.core.args.BaseType;
import java.nio.Buffer;
import org.mpiguard.adapter.MpiConstants;
import org.mpiguard.adapter.PredefinedCodes;
import org.mpiguard.adapter.trace.TraceIds;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.advice.buffers.WindowAccessTrace;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.core.trace.AccumulateOp;
import org.mpiguard.core.trace.HandleKind;
import org.mpiguard.core.trace.RmaOp;
import org.mpiguard.core.trace.RmaSyncOp;
import org.mpiguard.core.trace.TraceRecorder;
import org.mpiguard.core.trace.ValueHash;

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
    public static void created(Object win, Object comm, Buffer base, int size, int dispUnit, int site)
            throws MpiFailure {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            int unit = base == null ? 1 : BaseType.elementBytes(base);
            long bytes = (long) size * unit;
            TraceIds.windowMade(r, win, comm, bytes, dispUnit * unit, site);
            if (base != null) {
                // the program's own loads and stores of this memory from now on (the buffer watch)
                WindowAccessTrace.windowMade(base, Math.min(bytes, (long) base.capacity() * unit),
                        TraceIds.window(win));
            }
        }
    }

    /**
     * Win.allocate and allocateShared: {@code size} and {@code dispUnit} count elements of
     * {@code base}'s type, as the bindings scale them; {@code base} is where MPI writes the
     * window's address, not window memory, so it is not watched.
     */
    public static void allocated(Object win, Object comm, Buffer base, int size, int dispUnit, int site)
            throws MpiFailure {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            int unit = base == null ? 1 : BaseType.elementBytes(base);
            TraceIds.windowMade(r, win, comm, (long) size * unit, dispUnit * unit, site);
        }
    }

    public static void freed(Object win, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            long id = TraceIds.window(win);
            // the free's event writes the runs before it, which are placed while the window is still known
            r.handle(site, HandleKind.FREE, HandleKind.WIN, id, id, 0, 0, 0);
            WindowAccessTrace.windowFreed(id);
        }
    }

    /**
     * put, get, accumulate and their request-based forms (request null when none); {@code origin}
     * the buffer whose bytes the operation writes at the target as they are (a put, an accumulate
     * with MPI.REPLACE), hashed for the same-value rule; null for the others.
     */
    public static void access(Object win, RmaOp op, Buffer origin, int originCount, Object originType, int target,
                              int disp, int targetCount, Object targetType, Object reduce, Object request, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            AccumulateOp kind = reduce == null ? AccumulateOp.NOT_RECORDED
                    : reduce == MpiConstants.NO_OP ? AccumulateOp.NO_OP
                    : reduce == MpiConstants.REPLACE ? AccumulateOp.REPLACE : AccumulateOp.COMBINE;
            boolean writesOrigin = op == RmaOp.PUT || op == RmaOp.RPUT || kind == AccumulateOp.REPLACE;
            r.rma(site, op, TraceIds.window(win), TraceIds.windowRank(win, target), disp, targetCount,
                    TraceIds.signature(targetType), originCount, TraceIds.signature(originType),
                    reduce == null ? 0 : PredefinedCodes.get().code(reduce), RequestTrace.id(request),
                    writesOrigin ? TraceIds.valueHash(origin, originCount, originType) : ValueHash.NONE, kind);
        }
    }

    /** A synchronisation call; {@code target} -1 where it names none, {@code group} for post and start. */
    public static void sync(Object win, RmaSyncOp op, int target, int lockType, int assertion, Object group, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            r.rmaSync(site, op, TraceIds.window(win), target < 0 ? -1 : TraceIds.windowRank(win, target), lockType,
                    assertion, group == null ? 0 : TraceIds.group(r, group));
        }
    }
}
