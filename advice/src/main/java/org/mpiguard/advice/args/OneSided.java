package org.mpiguard.advice.args;

import org.mpiguard.adapter.shadow.WindowShadows;
import java.nio.Buffer;
import mpi.Comm;
import mpi.Datatype;
import mpi.Group;
import mpi.Info;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Win;
import org.mpiguard.adapter.args.Datatypes;
import org.mpiguard.adapter.args.Violations;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.adapter.shadow.WindowShadow;
import org.mpiguard.core.args.ArgMessages;
import org.mpiguard.core.args.RmaEpochs;
import org.mpiguard.core.report.FindingKind;

/**
 * Entry points of rma.rules: window creation, RMA operations against the target's window
 * (sizes exchanged at creation, see {@link org.mpiguard.adapter.shadow.Shadows#windowExchanged}), and the epoch rules of fence,
 * post/start/complete/wait, lock/unlock and lockAll/unlockAll, moved by after-rules.
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
    public static void create(Buffer base, int size, int dispUnit, Info info, Comm comm, boolean allocated, int site)
            throws MPIException {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        if (comm.isInter()) {
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

    public static void createdAllocate(Win win, int size, int dispUnit, Info info, Comm comm, Buffer base, int flavor,
                                       int site) {
        if (Checks.on()) {
            WindowShadows.windowExchanged(win, base, size, dispUnit, size, comm, site);
        }
    }

    public static void created(Win win, Buffer base, int size, int dispUnit, Info info, Comm comm, int site) {
        if (Checks.on()) {
            WindowShadows.windowExchanged(win, base, size, dispUnit, base.capacity(), comm, site);
        }
    }

    public static void createdDynamic(Win win, Info info, Comm comm, int site) {
        if (Checks.on()) {
            WindowShadows.windowDynamic(win, comm, site);
        }
    }

    public static void createDynamic(Info info, Comm comm, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        info(site, "info", info);
    }

    static void info(int site, String name, Info info) throws MPIException {
        if (info == null) {
            Checks.fail(site, "handle.info-null", name, null, "is null", "an Info object or MPI.INFO_NULL");
        }
        if (info.isNull() && info != MPI.INFO_NULL) {
            Checks.fail(site, "handle.info-freed", name, "a freed Info", "was already freed",
                    "an Info that has not been freed, or MPI.INFO_NULL");
        }
    }

    static WindowShadow.Targets window(int site, Win win) throws MPIException {
        WindowShadow shadow = WindowShadows.window(win);
        if (shadow != null && shadow.freed()) {
            Checks.fail(site, "handle.win-freed", "win", "a freed window", "was already freed",
                    "a window that has not been freed");
        }
        return shadow == null ? null : shadow.targets();
    }

    /** put, get, accumulate and their request-based forms; {@code snake} for rPut's argument names. */
    public static void access(Win win, Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp,
                              int targetCount, Datatype targetType, Op op, boolean snake, int site)
            throws MPIException {
        if (!Checks.on()) {
            return;
        }
        String[] n = snake ? SNAKE : CAMEL;
        WindowShadow.Targets w = window(site, win);
        origin(site, n[0], origin, n[1], orgCount, n[2], orgType, targetRank == MPI.PROC_NULL);
        target(site, win, w, n[3], targetRank, n[4], targetDisp, n[5], targetCount, n[6], targetType);
        if (op != null) {
            Checks.op(site, "op", op, targetType);
        }
    }

    /** getAccumulate and rGetAccumulate. */
    public static void getAccumulate(Win win, Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr,
                                     int resultCount, Datatype resultType, int targetRank, int targetDisp,
                                     int targetCount, Datatype targetType, Op op, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        WindowShadow.Targets w = window(site, win);
        boolean noTarget = targetRank == MPI.PROC_NULL;
        origin(site, "origin", origin, "orgCount", orgCount, "orgType", orgType, noTarget || op == MPI.NO_OP);
        origin(site, "resultAddr", resultAddr, "resultCount", resultCount, "resultType", resultType, noTarget);
        target(site, win, w, "targetRank", targetRank, "targetDisp", targetDisp, "targetCount", targetCount,
                "targetType", targetType);
        Checks.op(site, "op", op, targetType);
    }

    /** fetchAndOp and compareAndSwap: one element of {@code type} at the target. */
    public static void atomic(Win win, Buffer origin, Buffer resultAddr, Datatype type, String typeName,
                              int targetRank, int targetDisp, Op op, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        WindowShadow.Targets w = window(site, win);
        boolean noTarget = targetRank == MPI.PROC_NULL;
        origin(site, "origin", origin, "count", 1, typeName, type, noTarget || op == MPI.NO_OP);
        origin(site, "resultAddr", resultAddr, "count", 1, typeName, type, noTarget);
        target(site, win, w, "targetRank", targetRank, "targetDisp", targetDisp, "count", 1, typeName, type);
        if (op != null) {
            Checks.op(site, "op", op, type);
        }
    }

    /**
     * An origin or result buffer. The standard ignores it when the target is MPI.PROC_NULL
     * or the op MPI.NO_OP (fetchAndOp, getAccumulate): then its size is not checked.
     */
    private static void origin(int site, String bufName, Buffer buf, String countName, int count, String typeName,
                               Datatype type, boolean ignored) throws MPIException {
        if (ignored) {
            Checks.ignoredBuffer(site, bufName, buf, countName, count, typeName, type, true);
        } else {
            Checks.buffer(site, bufName, buf, countName, count, typeName, type, true);
        }
    }

    private static void target(int site, Win win, WindowShadow.Targets w, String rankName, int rank, String dispName, int disp,
                               String countName, int count, String typeName, Datatype type) throws MPIException {
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
        if (rank == MPI.PROC_NULL) {
            return;
        }
        if (!w.epochs().canAccess(rank)) {
            Checks.fail(site, "rma.no-epoch", rankName, rank, "is accessed outside any access epoch",
                    "an RMA call between win.fence() calls, win.start()/complete(), win.lock(..., " + rank
                    + ", ...)/unlock(" + rank + "), or win.lockAll()/unlockAll()");
        }
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

    private static long elementBytes(Datatype type) {
        org.mpiguard.core.args.BaseType b = Datatypes.baseType(type);
        return b == null ? 1 : b.bytes();
    }

    // Synchronisation: before-rules check, after-rules move the epoch state.

    private static RmaEpochs epochs(Win win) {
        WindowShadow.Targets w = WindowShadows.windowTargets(win);
        return w == null ? null : w.epochs();
    }

    public static void fence(Win win, int assertion, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        window(site, win);
        RmaEpochs e = epochs(win);
        if (e != null && e.pscwOpen()) {
            Checks.fail(site, "rma.fence-in-pscw", "win", "a window in a post/start epoch",
                    "is fenced while a post/start/complete/wait epoch is open (mixing fence with general active"
                    + " target synchronisation)", "complete() and waitFor() first, then fence()");
        }
        if (e != null && e.anyPassive()) {
            Checks.fail(site, "rma.fence-in-lock", "win", "a locked window",
                    "is fenced while this rank holds a lock on it", "unlock()/unlockAll() first, then fence()");
        }
    }

    public static void fenced(Win win, int assertion, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.fence((assertion & MPI.MODE_NOSUCCEED) != 0);
        }
    }

    public static void start(Win win, Group group, int assertion, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        window(site, win);
        Handle.group(site, "group", group);
        RmaEpochs e = epochs(win);
        if (e != null && e.accessStarted()) {
            Checks.fail(site, "rma.start-twice", "win", "a window in an access epoch",
                    "is started while its previous start() has not been completed", "complete() first");
        }
        if (e != null && e.fenceOpen()) {
            Checks.fail(site, "rma.start-in-fence", "win", "a window in a fence epoch",
                    "is started while a fence epoch is open (mixing fence with post/start)",
                    "close the fence epoch with fence(MPI.MODE_NOSUCCEED) first");
        }
    }

    public static void started(Win win, Group group, int assertion, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.start();
        }
    }

    public static void complete(Win win, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        window(site, win);
        RmaEpochs e = epochs(win);
        if (e != null && !e.accessStarted()) {
            Checks.fail(site, "rma.complete-without-start", "win", "a window with no access epoch",
                    "is completed without a matching start()", "start(group, 0) before complete()");
        }
    }

    public static void completed(Win win, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.complete();
        }
    }

    public static void post(Win win, Group group, int assertion, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        window(site, win);
        Handle.group(site, "group", group);
        RmaEpochs e = epochs(win);
        if (e != null && e.exposurePosted()) {
            Checks.fail(site, "rma.post-twice", "win", "a window in an exposure epoch",
                    "is posted while its previous post() has not been waited for", "waitFor() first");
        }
        if (e != null && e.fenceOpen()) {
            Checks.fail(site, "rma.post-in-fence", "win", "a window in a fence epoch",
                    "is posted while a fence epoch is open (mixing fence with post/start)",
                    "close the fence epoch with fence(MPI.MODE_NOSUCCEED) first");
        }
    }

    public static void posted(Win win, Group group, int assertion, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.post();
        }
    }

    public static void waitExposure(Win win, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        window(site, win);
        RmaEpochs e = epochs(win);
        if (e != null && !e.exposurePosted()) {
            Checks.fail(site, "rma.wait-without-post", "win", "a window with no exposure epoch",
                    "is waited for without a matching post()", "post(group, 0) before waitFor()/test()");
        }
    }

    public static void waited(Win win, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.waitExposure();
        }
    }

    public static void tested(Win win, boolean done, int site) {
        if (done) {
            waited(win, site);
        }
    }

    public static void lock(Win win, int lockType, int rank, int assertion, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        WindowShadow.Targets w = window(site, win);
        if (lockType != MPI.LOCK_EXCLUSIVE && lockType != MPI.LOCK_SHARED) {
            Checks.fail(site, "rma.lock-type", "lockType", lockType, "is not a lock type",
                    "MPI.LOCK_EXCLUSIVE (" + MPI.LOCK_EXCLUSIVE + ") or MPI.LOCK_SHARED (" + MPI.LOCK_SHARED + ")");
        }
        if (w == null) {
            return;
        }
        if (rank == MPI.PROC_NULL) {
            return;
        }
        rank(site, w, "rank", rank);
        if (w.epochs().holdsLock(rank)) {
            Checks.fail(site, "rma.lock-twice", "rank", rank, "is already locked by this rank",
                    "unlock(" + rank + ") before locking it again");
        }
        if (w.epochs().inLockAll()) {
            Checks.fail(site, "rma.lock-in-lockall", "rank", rank, "is locked inside a lockAll() epoch",
                    "unlockAll() first, or no lock: lockAll() covers every target");
        }
    }

    /** A target of lock, unlock or flush: a rank of the window's group (MPI.PROC_NULL is let through). */
    private static void rank(int site, WindowShadow.Targets w, String name, int rank) throws MPIException {
        int size = w.groupSize();
        if (rank < 0 || rank >= size) {
            Checks.fail(site, "rma.target-range", name, rank, "is outside the window's group of size " + size,
                    ArgMessages.rankRange(size));
        }
    }

    public static void locked(Win win, int lockType, int rank, int assertion, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.lock(rank, lockType == MPI.LOCK_EXCLUSIVE ? RmaEpochs.EXCLUSIVE : RmaEpochs.SHARED);
        }
    }

    public static void unlock(Win win, int rank, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        WindowShadow.Targets w = window(site, win);
        if (w == null) {
            return;
        }
        if (rank == MPI.PROC_NULL) {
            return;
        }
        rank(site, w, "rank", rank);
        if (!w.epochs().holdsLock(rank)) {
            Checks.fail(site, "rma.unlock-without-lock", "rank", rank, "is not locked by this rank",
                    "a rank locked earlier with lock(type, rank, 0)");
        }
    }

    public static void unlocked(Win win, int rank, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.unlock(rank);
        }
    }

    public static void lockAll(Win win, int assertion, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        window(site, win);
        RmaEpochs e = epochs(win);
        if (e != null && (e.inLockAll() || e.anyPassive())) {
            Checks.fail(site, "rma.lockall-twice", "win", "a window this rank has locked",
                    "is locked with lockAll() while this rank already holds a lock on it",
                    "unlock()/unlockAll() first");
        }
    }

    public static void lockedAll(Win win, int assertion, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.lockAll();
        }
    }

    public static void unlockAll(Win win, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        window(site, win);
        RmaEpochs e = epochs(win);
        if (e != null && !e.inLockAll()) {
            Checks.fail(site, "rma.unlockall-without-lockall", "win", "a window not locked with lockAll()",
                    "is unlocked with unlockAll() without a matching lockAll()", "lockAll(0) before unlockAll()");
        }
    }

    public static void unlockedAll(Win win, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.unlockAll();
        }
    }

    /** flush and flushLocal: only inside a passive-target epoch towards that rank. */
    public static void flush(Win win, int targetRank, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        WindowShadow.Targets w = window(site, win);
        if (w == null) {
            return;
        }
        if (targetRank == MPI.PROC_NULL) {
            return;
        }
        rank(site, w, "targetRank", targetRank);
        if (!w.epochs().passiveTowards(targetRank)) {
            Checks.fail(site, "rma.flush-outside-lock", "targetRank", targetRank,
                    "is flushed outside a passive-target epoch towards it",
                    "flush inside lock(type, " + targetRank + ", 0)/unlock(" + targetRank + ") or lockAll()/unlockAll()");
        }
    }

    /** flushAll and flushLocalAll. */
    public static void flushAll(Win win, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        window(site, win);
        RmaEpochs e = epochs(win);
        if (e != null && !e.anyPassive()) {
            Checks.fail(site, "rma.flush-outside-lock", "win", "a window with no passive-target epoch",
                    "is flushed outside any passive-target epoch", "flush inside lock()/unlock() or lockAll()/unlockAll()");
        }
    }

    /** Win.free: not twice, and not inside an epoch. */
    public static void free(Win win, int site) throws MPIException {
        if (!Checks.on()) {
            return;
        }
        window(site, win);
        RmaEpochs e = epochs(win);
        if (e != null && (e.anyPassive() || e.pscwOpen())) {
            Checks.fail(site, "rma.free-in-epoch", "win", "a window with an open epoch",
                    "is freed while this rank holds a lock or an open post/start epoch on it",
                    "unlock()/unlockAll()/complete()/waitFor() first, then free()");
        }
    }
}
