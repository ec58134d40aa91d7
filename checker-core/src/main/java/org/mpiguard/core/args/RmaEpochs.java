package org.mpiguard.core.args;

/**
 * The synchronisation state of one window as this rank sees it (MPI-3 11.5): which
 * access epochs are open, which targets this rank holds a lock on. MPI-free; the
 * advice moves it on fence, start, complete, post, wait, lock, unlock, lockAll and
 * unlockAll, and asks it before each RMA operation and synchronisation call.
 */
public final class RmaEpochs {

    private boolean fenceOpen;
    private boolean accessStarted;
    private boolean exposurePosted;
    private boolean lockAll;
    /** Targets locked by this rank; sized to the window's group. */
    private final boolean[] locked;
    private int lockCount;

    public RmaEpochs(int groupSize) {
        locked = new boolean[Math.max(0, groupSize)];
    }

    /** A fence opens a fence epoch unless it asserts that no RMA follows. */
    public synchronized void fence(boolean noSucceed) {
        fenceOpen = !noSucceed;
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

    public synchronized void lock(int target) {
        if (target >= 0 && target < locked.length && !locked[target]) {
            locked[target] = true;
            lockCount++;
        }
    }

    public synchronized void unlock(int target) {
        if (target >= 0 && target < locked.length && locked[target]) {
            locked[target] = false;
            lockCount--;
        }
    }

    public synchronized void lockAll() {
        lockAll = true;
    }

    public synchronized void unlockAll() {
        lockAll = false;
    }

    /** True when an RMA operation to {@code target} stands inside some access epoch. */
    public synchronized boolean canAccess(int target) {
        return fenceOpen || accessStarted || lockAll || (target >= 0 && target < locked.length && locked[target]);
    }

    public synchronized boolean holdsLock(int target) {
        return target >= 0 && target < locked.length && locked[target];
    }

    /** A passive-target epoch (lock or lockAll) is open towards {@code target}. */
    public synchronized boolean passiveTowards(int target) {
        return lockAll || holdsLock(target);
    }

    public synchronized boolean anyPassive() {
        return lockAll || lockCount > 0;
    }

    public synchronized boolean inLockAll() {
        return lockAll;
    }

    public synchronized boolean accessStarted() {
        return accessStarted;
    }

    public synchronized boolean exposurePosted() {
        return exposurePosted;
    }

    /** A general active target (post/start) epoch is open, which fence must not overlap. */
    public synchronized boolean pscwOpen() {
        return accessStarted || exposurePosted;
    }

    public synchronized boolean fenceOpen() {
        return fenceOpen;
    }
}
