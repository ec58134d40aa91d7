package org.mpiguard.advice.args;

import org.mpiguard.adapter.MpiConstants;
import org.mpiguard.adapter.trace.TraceIds;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.advice.buffers.WindowAccessTrace;
import org.mpiguard.adapter.args.Violations;
import org.mpiguard.adapter.shadow.WindowShadow;
import org.mpiguard.adapter.shadow.WindowShadows;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.core.args.ArgMessages;
import org.mpiguard.core.args.RmaEpochs;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.site.CallSites;

/**
 * Entry points of rma.rules for a window's epochs: fence, post/start/complete/wait,
 * lock/unlock, lockAll/unlockAll, flush and free. The before-rules check a call against the
 * epoch state, the after-rules move that state ({@link RmaEpochs}); the operations against
 * a target are {@link OneSided}'s.
 */
public final class OneSidedSync {

    private OneSidedSync() {
    }

    private static RmaEpochs epochs(Object win) {
        WindowShadow.Targets w = WindowShadows.windowTargets(win);
        return w == null ? null : w.epochs();
    }

    public static void fence(Object win, int assertion, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        OneSided.window(site, win);
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
        if (e != null && (assertion & MpiConstants.MODE_NOPRECEDE) != 0 && e.issuedSinceFence()
                && Violations.firstWarning(FindingKind.INVALID_ARGUMENT, site, "rma.assert-noprecede")) {
            // a false assertion: Open MPI may still complete the calls, so latent, a warning; the fence is made
            Violations.warn(FindingKind.INVALID_ARGUMENT, site, ArgMessages.argument("rma.assert-noprecede",
                    Violations.op(site), "assertion", "MPI.MODE_NOPRECEDE", "asserts that the fence completes no RMA"
                    + " call of this rank, but this rank made RMA calls in the fence epoch it closes (MPI-3.1"
                    + " 11.5.5: an implementation may skip completing them)",
                    "no MPI.MODE_NOPRECEDE on a fence that closes an epoch in which this rank made RMA calls"));
        }
        assertedNoStore(win, assertion, site);
    }

    /**
     * A fence asserting {@code MPI.MODE_NOSTORE} after this rank stored into its window's
     * memory since the last fence: a warning naming the store (MPI-3.1 11.5.5: the
     * implementation may skip making local stores visible). Seen only with traces on, where
     * the window's loads and stores are recorded (WindowAccessTrace).
     */
    private static void assertedNoStore(Object win, int assertion, int site) {
        if ((assertion & MpiConstants.MODE_NOSTORE) == 0 || TraceSession.recorder() == null) {
            return;
        }
        int store = WindowAccessTrace.storedSinceFence(TraceIds.window(win));
        if (store != 0 && Violations.firstWarning(FindingKind.INVALID_ARGUMENT, site, "rma.assert-nostore")) {
            Violations.warn(FindingKind.INVALID_ARGUMENT, site, ArgMessages.argument("rma.assert-nostore",
                    Violations.op(site), "assertion", "MPI.MODE_NOSTORE", "asserts that this rank did not store into"
                    + " its window's memory since the last fence, but " + CallSites.get(store).op() + " at "
                    + CallSites.get(store).location() + " did (MPI-3.1 11.5.5: an implementation may then skip"
                    + " making the stores visible)", "no MPI.MODE_NOSTORE on a fence after local stores into the window"
                    + " since the previous fence"), store);
        }
    }

    public static void fenced(Object win, int assertion, int site) {
        if (TraceSession.recorder() != null) {
            WindowAccessTrace.fenced(TraceIds.window(win));
        }
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.fence((assertion & MpiConstants.MODE_NOSUCCEED) != 0, site);
        }
    }

    public static void start(Object win, Object group, int assertion, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        OneSided.window(site, win);
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

    public static void started(Object win, Object group, int assertion, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.start();
            e.startedAt(site);
        }
    }

    public static void complete(Object win, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        OneSided.window(site, win);
        RmaEpochs e = epochs(win);
        if (e != null && !e.accessStarted()) {
            Checks.fail(site, "rma.complete-without-start", "win", "a window with no access epoch",
                    "is completed without a matching start()", "start(group, 0) before complete()");
        }
    }

    public static void completed(Object win, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.complete();
        }
    }

    public static void post(Object win, Object group, int assertion, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        OneSided.window(site, win);
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

    public static void posted(Object win, Object group, int assertion, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.post();
            e.postedAt(site);
        }
    }

    public static void waitExposure(Object win, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        OneSided.window(site, win);
        RmaEpochs e = epochs(win);
        if (e != null && !e.exposurePosted()) {
            Checks.fail(site, "rma.wait-without-post", "win", "a window with no exposure epoch",
                    "is waited for without a matching post()", "post(group, 0) before waitFor()/test()");
        }
    }

    public static void waited(Object win, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.waitExposure();
        }
    }

    public static void tested(Object win, boolean done, int site) {
        if (done) {
            waited(win, site);
        }
    }

    public static void lock(Object win, int lockType, int rank, int assertion, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        WindowShadow.Targets w = OneSided.window(site, win);
        if (lockType != MpiConstants.LOCK_EXCLUSIVE && lockType != MpiConstants.LOCK_SHARED) {
            Checks.fail(site, "rma.lock-type", "lockType", lockType, "is not a lock type",
                    "MPI.LOCK_EXCLUSIVE (" + MpiConstants.LOCK_EXCLUSIVE + ") or MPI.LOCK_SHARED ("
                    + MpiConstants.LOCK_SHARED + ")");
        }
        if (w == null) {
            return;
        }
        if (rank == MpiConstants.PROC_NULL) {
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
    private static void rank(int site, WindowShadow.Targets w, String name, int rank) throws MpiFailure {
        int size = w.groupSize();
        if (rank < 0 || rank >= size) {
            Checks.fail(site, "rma.target-range", name, rank, "is outside the window's group of size " + size,
                    ArgMessages.rankRange(size));
        }
    }

    public static void locked(Object win, int lockType, int rank, int assertion, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.lock(rank, lockType == MpiConstants.LOCK_EXCLUSIVE ? RmaEpochs.EXCLUSIVE : RmaEpochs.SHARED);
            e.lockedAt(rank, site);
        }
    }

    public static void unlock(Object win, int rank, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        WindowShadow.Targets w = OneSided.window(site, win);
        if (w == null) {
            return;
        }
        if (rank == MpiConstants.PROC_NULL) {
            return;
        }
        rank(site, w, "rank", rank);
        if (!w.epochs().holdsLock(rank)) {
            Checks.fail(site, "rma.unlock-without-lock", "rank", rank, "is not locked by this rank",
                    "a rank locked earlier with lock(type, rank, 0)");
        }
    }

    public static void unlocked(Object win, int rank, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.unlock(rank);
        }
    }

    public static void lockAll(Object win, int assertion, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        OneSided.window(site, win);
        RmaEpochs e = epochs(win);
        if (e != null && (e.inLockAll() || e.anyPassive())) {
            Checks.fail(site, "rma.lockall-twice", "win", "a window this rank has locked",
                    "is locked with lockAll() while this rank already holds a lock on it",
                    "unlock()/unlockAll() first");
        }
    }

    public static void lockedAll(Object win, int assertion, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.lockAll();
            e.lockAllAt(site);
        }
    }

    public static void unlockAll(Object win, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        OneSided.window(site, win);
        RmaEpochs e = epochs(win);
        if (e != null && !e.inLockAll()) {
            Checks.fail(site, "rma.unlockall-without-lockall", "win", "a window not locked with lockAll()",
                    "is unlocked with unlockAll() without a matching lockAll()", "lockAll(0) before unlockAll()");
        }
    }

    public static void unlockedAll(Object win, int site) {
        RmaEpochs e = epochs(win);
        if (e != null) {
            e.unlockAll();
        }
    }

    /** flush and flushLocal: only inside a passive-target epoch towards that rank. */
    public static void flush(Object win, int targetRank, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        WindowShadow.Targets w = OneSided.window(site, win);
        if (w == null) {
            return;
        }
        if (targetRank == MpiConstants.PROC_NULL) {
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
    public static void flushAll(Object win, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        OneSided.window(site, win);
        RmaEpochs e = epochs(win);
        if (e != null && !e.anyPassive()) {
            Checks.fail(site, "rma.flush-outside-lock", "win", "a window with no passive-target epoch",
                    "is flushed outside any passive-target epoch", "flush inside lock()/unlock() or lockAll()/unlockAll()");
        }
    }

    /** Win.free: not twice, and not inside an epoch. */
    public static void free(Object win, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        OneSided.window(site, win);
        RmaEpochs e = epochs(win);
        if (e != null && (e.anyPassive() || e.pscwOpen())) {
            int opened = e.openedAt();
            Checks.fail(site, "rma.free-in-epoch", "win", "a window with an open epoch",
                    "is freed while this rank holds a lock or an open post/start epoch on it"
                    + (opened == 0 ? "" : " (opened by " + CallSites.get(opened).op() + " at "
                    + CallSites.get(opened).location() + " and never closed)"),
                    "unlock()/unlockAll()/complete()/waitFor() first, then free()");
        }
    }
}
