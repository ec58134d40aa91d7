package org.mpiguard.core.args;

/**
 * The synchronisation state of one window as this rank sees it (MPI-3 11.5): which
 * access epochs are open, which targets this rank holds a lock on. MPI-free; the
 * advice moves it on fence, start, complete, post, wait, lock, unlock, lockAll and
 * unlockAll, and asks it before each RMA operation and synchronisation call. Changes
 * are synchronized; reads take no lock (volatile flags; a lock table entry is read by
 * the thread that set it, or after the program's own synchronisation, as MPI requires
 * of threads sharing a window), so the check before every put costs no monitor.
 */
public final class RmaEpochs {

    /** Lock modes of {@link #held}. */
    public static final int NOT_HELD = 0;
    public static final int SHARED = 1;
    public static final int EXCLUSIVE = 2;

    private volatile boolean fenceOpen;
    private volatile boolean accessStarted;
    private volatile boolean exposurePosted;
    private volatile boolean lockAll;
    /**
     * The lock this rank holds on each target (NOT_HELD, SHARED, EXCLUSIVE), sized to the
     * window's group; the only lock table of a window: the wait-for graph reads it too.
     */
    private final int[] locked;
    private volatile int lockCount;
    /**
     * The call sites that opened the epochs (per target for locks): what a free inside one
     * names. Written by the thread that opens the epoch and read by the one that frees the
     * window, after the program's own synchronisation, as {@link #locked} is.
     */
    private final int[] lockedAt;
    private volatile int lockAllAt;
    private volatile int startedAt;
    private volatile int postedAt;
    /** This rank issued an RMA call in the open fence epoch (a fence asserting NOPRECEDE may not close it). */
    private volatile boolean issuedSinceFence;
    /** The site of the last fence when it asserted MODE_NOSUCCEED (0 otherwise): what an RMA call after it breaks. */
    private volatile int noSucceedAt;

    public RmaEpochs(int groupSize) {
        locked = new int[Math.max(0, groupSize)];
        lockedAt = new int[locked.length];
    }

    /** The lock on {@code target} was taken at call site {@code site}. */
    public void lockedAt(int target, int site) {
        if (target >= 0 && target < lockedAt.length) {
            lockedAt[target] = site;
        }
    }

    /** The lockAll epoch was opened at call site {@code site}. */
    public void lockAllAt(int site) {
        lockAllAt = site;
    }

    /** The access epoch was started at call site {@code site}. */
    public void startedAt(int site) {
        startedAt = site;
    }

    /** The exposure epoch was posted at call site {@code site}. */
    public void postedAt(int site) {
        postedAt = site;
    }

    /**
     * The call site that opened an epoch still open (lockAll, the lock of the lowest target
     * held, start, then post), or 0 when none is open or its opening was not recorded.
     */
    public int openedAt() {
        if (lockAll) {
            return lockAllAt;
        }
        for (int t = 0; t < locked.length && lockCount > 0; t++) {
            if (locked[t] != NOT_HELD) {
                return lockedAt[t];
            }
        }
        return accessStarted ? startedAt : exposurePosted ? postedAt : 0;
    }

    /** A fence opens a fence epoch unless it asserts that no RMA follows. */
    public synchronized void fence(boolean noSucceed) {
        fence(noSucceed, 0);
    }

    /** {@link #fence(boolean)} at call site {@code site}. */
    public synchronized void fence(boolean noSucceed, int site) {
        fenceOpen = !noSucceed;
        issuedSinceFence = false;
        noSucceedAt = noSucceed ? site : 0;
    }

    /**
     * This rank issued an RMA call on the window to {@code target}; counted when the open fence
     * epoch is what it belongs to (a lock's or start's calls complete at unlock or complete). A
     * plain store when already set: the hot path reads first.
     */
    public void issued(int target) {
        if (!issuedSinceFence && fenceOpen && !accessStarted && !passiveTowards(target)) {
            issuedSinceFence = true;
        }
    }

    public boolean issuedSinceFence() {
        return issuedSinceFence;
    }

    /** The site of the last fence if it asserted MODE_NOSUCCEED, else 0. */
    public int noSucceedAt() {
        return noSucceedAt;
    }

    public synchronized void start() {
        accessStarted = true;
    }

    public synchronized void complete() {
        accessStarted = false;
    }

    public synchronized void post() {
        exposurePosted = true;
    }

    public synchronized void waitExposure() {
        exposurePosted = false;
    }

    /** A lock of unknown mode (counted as shared). */
    public void lock(int target) {
        lock(target, SHARED);
    }

    /** Records a lock of {@code mode} on {@code target}; a second record of the same lock changes nothing. */
    public synchronized void lock(int target, int mode) {
        if (target >= 0 && target < locked.length) {
            if (locked[target] == NOT_HELD) {
                lockCount++;
            }
            locked[target] = mode;
        }
    }

    public synchronized void unlock(int target) {
        if (target >= 0 && target < locked.length && locked[target] != NOT_HELD) {
            locked[target] = NOT_HELD;
            lockCount--;
        }
    }

    /** The lock this rank holds on {@code target}: NOT_HELD, SHARED or EXCLUSIVE. */
    public int held(int target) {
        return target >= 0 && target < locked.length ? locked[target] : NOT_HELD;
    }

    /** The window's group size. */
    public int size() {
        return locked.length;
    }

    public synchronized void lockAll() {
        lockAll = true;
    }

    public synchronized void unlockAll() {
        lockAll = false;
    }

    /** True when an RMA operation to {@code target} stands inside some access epoch. */
    public boolean canAccess(int target) {
        return fenceOpen || accessStarted || lockAll || held(target) != NOT_HELD;
    }

    public boolean holdsLock(int target) {
        return held(target) != NOT_HELD;
    }

    /** A passive-target epoch (lock or lockAll) is open towards {@code target}. */
    public boolean passiveTowards(int target) {
        return lockAll || holdsLock(target);
    }

    public boolean anyPassive() {
        return lockAll || lockCount > 0;
    }

    public boolean inLockAll() {
        return lockAll;
    }

    public boolean accessStarted() {
        return accessStarted;
    }

    public boolean exposurePosted() {
        return exposurePosted;
    }

    /** A general active target (post/start) epoch is open, which fence must not overlap. */
    public boolean pscwOpen() {
        return accessStarted || exposurePosted;
    }

    public boolean fenceOpen() {
        return fenceOpen;
    }
}
