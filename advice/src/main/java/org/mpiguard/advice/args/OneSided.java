package org.mpiguard.advice.args;

import java.nio.Buffer;
import org.mpiguard.adapter.MpiConstants;
import org.mpiguard.adapter.args.Comms;
import org.mpiguard.adapter.args.Datatypes;
import org.mpiguard.adapter.args.Infos;
import org.mpiguard.adapter.args.Violations;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.adapter.shadow.WindowShadow;
import org.mpiguard.adapter.shadow.WindowShadows;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.core.args.ArgMessages;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.site.CallSites;

/**
 * Entry points of rma.rules: window creation and RMA operations against the target's window
 * (sizes exchanged at creation, see {@link org.mpiguard.adapter.shadow.Shadows#windowExchanged}),
 * each in an epoch that allows it; the epochs themselves are {@link OneSidedSync}'s.
 */
public final class OneSided {

    private static final String[] CAMEL = {"origin", "orgCount", "orgType", "targetRank", "targetDisp", "targetCount",
        "targetType"};
    private static final String[] SNAKE = {"origin_addr", "origin_count", "origin_datatype", "target_rank",
        "target_disp", "target_count", "target_datatype"};

    private OneSided() {
    }

    /**
     * Before {@code new Win(base, size, dispUnit, info, comm)} and, with {@code allocated},
     * the allocate and shared flavors {@code new Win(size, dispUnit, info, comm, base,
     * flavor)}, where MPI allocates the window's memory: their {@code base} only tells the
     * binding the element type, so its capacity says nothing.
     */
    public static void create(Buffer base, int size, int dispUnit, Object info, Object comm, boolean allocated,
                              int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        if (Comms.isInter(comm)) {
            Checks.fail(site, "comm.intra-required", "comm", "an intercommunicator",
                    "cannot hold a window (windows are created over intracommunicators)", "an intracommunicator");
        }
        info(site, "info", info);
        if (base == null) {
            Checks.fail(site, "buf.null", "base", null, "is null", "a direct buffer, e.g. MPI.newIntBuffer(n)");
        }
        if (!base.isDirect()) {
            Checks.fail(site, "buf.direct", "base", base, "is not a direct buffer, which a window needs because"
                    + " other ranks access it at any time", "a direct buffer, e.g. MPI.newIntBuffer(n)");
        }
        if (size < 0) {
            Checks.fail(site, "rma.win-size", "size", size, "is negative", allocated ? "0 or more elements"
                    : "0.." + base.capacity() + " (elements of 'base')");
        }
        if (!allocated && size > base.capacity()
                && Violations.firstWarning(FindingKind.INVALID_ARGUMENT, site, "rma.win-buffer-short")) {
            // Only a hazard until an access really reaches past the buffer (rma.past-buffer, an error there).
            Violations.warn(FindingKind.INVALID_ARGUMENT, site, ArgMessages.argument("rma.win-buffer-short",
                    Violations.op(site), "size", size, "is larger than 'base' (capacity " + base.capacity()
                    + "): a put, get or accumulate reaching past element " + base.capacity()
                    + " of this rank's window would touch memory outside the buffer",
                    "0.." + base.capacity() + " (elements of 'base')"));
        }
        if (dispUnit <= 0) {
            Checks.fail(site, "rma.win-disp-unit", "dispUnit", dispUnit, "is not positive",
                    "1 or more elements (usually 1)");
        }
    }

    public static void createdAllocate(Object win, int size, int dispUnit, Object info, Object comm, Buffer base,
                                       int flavor, int site) {
        if (Checks.on()) {
            WindowShadows.windowExchanged(win, base, size, dispUnit, size, comm, site);
        }
    }

    public static void created(Object win, Buffer base, int size, int dispUnit, Object info, Object comm, int site) {
        if (Checks.on()) {
            WindowShadows.windowExchanged(win, base, size, dispUnit, base.capacity(), comm, site);
        }
    }

    public static void createdDynamic(Object win, Object info, Object comm, int site) {
        if (Checks.on()) {
            WindowShadows.windowDynamic(win, comm, site);
        }
    }

    public static void createDynamic(Object info, Object comm, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        info(site, "info", info);
    }

    static void info(int site, String name, Object info) throws MpiFailure {
        if (info == null) {
            Checks.fail(site, "handle.info-null", name, null, "is null", "an Info object or MPI.INFO_NULL");
        }
        if (Infos.isNull(info) && info != MpiConstants.INFO_NULL) {
            Checks.fail(site, "handle.info-freed", name, "a freed Info", "was already freed",
                    "an Info that has not been freed, or MPI.INFO_NULL");
        }
    }

    static WindowShadow.Targets window(int site, Object win) throws MpiFailure {
        WindowShadow shadow = WindowShadows.window(win);
        if (shadow != null && shadow.freed()) {
            Checks.fail(site, "handle.win-freed", "win", "a freed window", "was already freed",
                    "a window that has not been freed");
        }
        return shadow == null ? null : shadow.targets();
    }

    /** put, get, accumulate and their request-based forms; {@code snake} for rPut's argument names. */
    public static void access(Object win, Buffer origin, int orgCount, Object orgType, int targetRank, int targetDisp,
                              int targetCount, Object targetType, Object op, boolean snake, int site)
            throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        String[] n = snake ? SNAKE : CAMEL;
        WindowShadow.Targets w = window(site, win);
        origin(site, n[0], origin, n[1], orgCount, n[2], orgType, targetRank == MpiConstants.PROC_NULL);
        target(site, win, w, n[3], targetRank, n[4], targetDisp, n[5], targetCount, n[6], targetType);
        if (op != null) {
            Checks.accumulateOp(site, "op", op, targetType);
        }
    }

    /** getAccumulate and rGetAccumulate. */
    public static void getAccumulate(Object win, Buffer origin, int orgCount, Object orgType, Buffer resultAddr,
                                     int resultCount, Object resultType, int targetRank, int targetDisp,
                                     int targetCount, Object targetType, Object op, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        WindowShadow.Targets w = window(site, win);
        boolean noTarget = targetRank == MpiConstants.PROC_NULL;
        origin(site, "origin", origin, "orgCount", orgCount, "orgType", orgType, noTarget || op == MpiConstants.NO_OP);
        origin(site, "resultAddr", resultAddr, "resultCount", resultCount, "resultType", resultType, noTarget);
        target(site, win, w, "targetRank", targetRank, "targetDisp", targetDisp, "targetCount", targetCount,
                "targetType", targetType);
        Checks.accumulateOp(site, "op", op, targetType);
    }

    /** fetchAndOp and compareAndSwap: one element of {@code type} at the target. */
    public static void atomic(Object win, Buffer origin, Buffer resultAddr, Object type, String typeName,
                              int targetRank, int targetDisp, Object op, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        WindowShadow.Targets w = window(site, win);
        boolean noTarget = targetRank == MpiConstants.PROC_NULL;
        origin(site, "origin", origin, "count", 1, typeName, type, noTarget || op == MpiConstants.NO_OP);
        origin(site, "resultAddr", resultAddr, "count", 1, typeName, type, noTarget);
        target(site, win, w, "targetRank", targetRank, "targetDisp", targetDisp, "count", 1, typeName, type);
        if (op != null) {
            Checks.accumulateOp(site, "op", op, type);
        }
    }

    /**
     * An origin or result buffer. The standard ignores it when the target is MPI.PROC_NULL
     * or the op MPI.NO_OP (fetchAndOp, getAccumulate): then its size is not checked.
     */
    private static void origin(int site, String bufName, Buffer buf, String countName, int count, String typeName,
                               Object type, boolean ignored) throws MpiFailure {
        if (ignored) {
            Checks.ignoredBuffer(site, bufName, buf, countName, count, typeName, type, true);
        } else {
            Checks.buffer(site, bufName, buf, countName, count, typeName, type, true);
        }
    }

    private static void target(int site, Object win, WindowShadow.Targets w, String rankName, int rank,
                               String dispName, int disp, String countName, int count, String typeName, Object type)
            throws MpiFailure {
        Checks.type(site, typeName, type);
        if (count < 0) {
            Checks.fail(site, "buf.count-negative", countName, count, "is negative", "0 or more");
        }
        if (w == null) {
            return;
        }
        int size = w.groupSize();
        String id = org.mpiguard.adapter.args.Peers.rules().target(rank, size);
        if (id != null) {
            Checks.fail(site, id, rankName, rank, "is outside the window's group of size " + size,
                    ArgMessages.rankRange(size) + " or MPI.PROC_NULL");
        }
        if (rank == MpiConstants.PROC_NULL) {
            return;
        }
        if (!w.epochs().canAccess(rank)) {
            int closed = w.epochs().noSucceedAt();
            Checks.fail(site, "rma.no-epoch", rankName, rank, "is accessed outside any access epoch"
                    + (closed == 0 ? "" : " (the last fence, at " + CallSites.get(closed).location()
                    + ", asserted MPI.MODE_NOSUCCEED: no RMA call may follow it until the next fence)"),
                    "an RMA call between win.fence() calls (not after a fence asserting MPI.MODE_NOSUCCEED), "
                    + "win.start()/complete(), win.lock(..., " + rank + ", ...)/unlock(" + rank
                    + "), or win.lockAll()/unlockAll()");
        }
        w.epochs().issued(rank);
        if (disp < 0) {
            Checks.fail(site, "rma.disp-negative", dispName, disp, "is negative", "0 or more");
        }
        if (w.sizeBytes() == null) {
            return; // dynamic window: no fixed size to hold the access against
        }
        long unit = w.dispUnitBytes()[rank];
        long end = (long) disp * unit + Datatypes.span(type, count) * elementBytes(type);
        long windowBytes = w.sizeBytes()[rank];
        if (count > 0 && end > windowBytes) {
            Checks.fail(site, "rma.disp-range", dispName, disp, "with " + countName + " = " + count + " of "
                    + Datatypes.name(type) + " reaches byte " + end + " of rank " + rank + "'s window, which has "
                    + windowBytes + " bytes (displacement unit " + unit + " bytes)",
                    "accesses inside the target window: " + dispName + " * " + unit + " + " + countName
                    + " * extent <= " + windowBytes + " bytes");
        }
        long bufferBytes = w.bufferBytes()[rank];
        if (count > 0 && end > bufferBytes) {
            Checks.fail(site, "rma.past-buffer", dispName, disp, "with " + countName + " = " + count + " of "
                    + Datatypes.name(type) + " reaches byte " + end + " of rank " + rank + "'s window, past the "
                    + bufferBytes + " bytes of the buffer it was created over (its size says " + windowBytes
                    + "): the access would touch memory outside that buffer",
                    "accesses inside the target's buffer: " + dispName + " * " + unit + " + " + countName
                    + " * extent <= " + bufferBytes + " bytes");
        }
    }

    private static long elementBytes(Object type) {
        org.mpiguard.core.args.BaseType b = Datatypes.baseType(type);
        return b == null ? 1 : b.bytes();
    }
}
