package org.mpiguard.core.trace;

/**
 * One thread's loads and stores of window memory not yet written as ACCESS events,
 * merged into runs: a loop that walks its window makes one event per call site and MPI
 * call, not one per element. A run is one site's loads (or stores) of one window over a
 * range of bytes; a new access of the same site that overlaps or touches it widens it.
 * The runs are written before the thread's next MPI event (so they keep their place
 * between the synchronisations that order them), when a thread has more than
 * {@link #RUNS} hold accesses at once (the one opened first), and at flush and close.
 *
 * <p>A store run keeps the value hash of its bytes while the stores append to each other
 * (or store the same bytes again with the same value); any other store into it makes its
 * value unknown ({@link ValueHash#NONE}), so it is never taken for a benign race.
 *
 * <p>The runs live in a fixed pool. A written run stays open there, empty, with its site and
 * view, so the caller's memo of it ({@link AccessRun#takes}) survives the MPI event and the
 * site's next access starts it over with no call; a site without a memo takes a closed or
 * an empty run of the pool ({@link #acquire}), neither looking a window up: the buffer
 * watch's runs are over the bytes of the buffer an access came through, which
 * {@link Out#viewAccess} places in the traced windows when they are written.
 *
 * <p>Only its owner thread touches it (no lock on the path of every access): another
 * thread writes a thread's runs only once that thread has ended ({@link #ownerGone}). So a
 * flush before an abort made by another thread leaves out the runs a live thread made since
 * its last MPI event; each thread's own events (the blocking call it sits in) write them.
 */
public final class AccessRuns {

    /** Runs open at once (a power of two: the pool's cursor wraps by a mask). */
    static final int RUNS = 16;

    final Thread owner = Thread.currentThread();
    private final AccessRun[] pool = new AccessRun[RUNS];
    /** The open runs, empty or holding accesses ({@code size} of them). */
    final AccessRun[] open = new AccessRun[RUNS];
    int size;
    /** Whether an open run holds accesses not yet written (set when an empty or closed run takes one). */
    boolean unwritten;
    /** Runs that took a first access since they were written, counted: the order they are written in. */
    private long opens;
    /** The open runs that hold accesses, in the order they are written (scratch of {@link #flush}). */
    private final AccessRun[] toWrite = new AccessRun[RUNS];
    /** The run the last full-way access went to: a loop hits it again, and it is looked at first. */
    private AccessRun last;
    /** Where {@link #acquire} looks first: the runs taken longest ago are reused first. */
    private int cursor;

    AccessRuns() {
        for (int i = 0; i < RUNS; i++) {
            pool[i] = new AccessRun(this);
        }
    }

    /** Where runs go when written. */
    interface Out {
        /** A run over bytes of window {@code win}. */
        void access(int site, long win, long offset, long bytes, boolean store, long valueHash);

        /**
         * A run over the bytes {@code [from, to)} of buffer {@code view} (from its element 0);
         * a store run's value state, if {@code hashed}, in the platform's byte order.
         */
        void viewAccess(int site, Object view, long from, long to, boolean store, boolean hashed, long state);
    }

    /**
     * A closed run of the pool, or else an open empty one, started (and opened) for
     * {@code site}'s access of {@code [offset, end)} of window {@code window}, or (window 0)
     * of buffer {@code view}; null when every run holds accesses. The run forgets the memo it
     * was (its old site's next access takes another).
     */
    public AccessRun acquire(int site, long window, Object view, long offset, long end, boolean isStore,
                             long valueState, boolean isHashed) {
        for (int k = 0; k < RUNS; k++) {
            AccessRun r = pool[cursor];
            cursor = (cursor + 1) & (RUNS - 1);
            if (!r.open) {
                r.start(site, window, view, offset, end, isStore, valueState, isHashed);
                open[size++] = r;
                r.open = true;
                return r;
            }
        }
        for (int i = 0; i < size; i++) {
            AccessRun r = open[i];
            if (r.isEmpty()) {
                r.start(site, window, view, offset, end, isStore, valueState, isHashed);
                return r;
            }
        }
        return null;
    }

    /**
     * A load or store of {@code [offset, offset + bytes)} of window {@code window}, or
     * (window 0) of buffer {@code view}; a store's {@code valueState} is
     * the {@link ValueHash} state of the bytes it writes ({@code hashed} false if unknown).
     * Returns the run that took it. The full way: writes the oldest run when all are open.
     */
    AccessRun add(int accessSite, long window, Object view, long offset, long bytes, boolean isStore,
                  long valueState, boolean isHashed, Out out) {
        long end = offset + bytes;
        AccessRun l = last;
        if (l != null && l.open && l.widens(accessSite, window, view, offset, end, isStore, valueState, isHashed)) {
            return l;
        }
        for (int i = 0; i < size; i++) {
            if (open[i].widens(accessSite, window, view, offset, end, isStore, valueState, isHashed)) {
                last = open[i];
                return open[i];
            }
        }
        AccessRun r = acquire(accessSite, window, view, offset, end, isStore, valueState, isHashed);
        if (r == null) {
            int oldest = 0;
            for (int i = 1; i < size; i++) {
                if (open[i].opened < open[oldest].opened) {
                    oldest = i;
                }
            }
            open[oldest].write(out);
            open[oldest].open = false;
            System.arraycopy(open, oldest + 1, open, oldest, size - oldest - 1);
            open[--size] = null;
            r = acquire(accessSite, window, view, offset, end, isStore, valueState, isHashed);
        }
        last = r;
        return r;
    }

    /**
     * Writes every open run that holds accesses, in the order they took their first access
     * (the trace the full way writes; by its owner, or by another thread once the owner has
     * ended); they stay open, empty, for their sites' next accesses.
     */
    void flush(Out out) {
        int n = 0;
        for (int i = 0; i < size; i++) {
            AccessRun r = open[i];
            if (!r.isEmpty()) {
                int at = n++;
                while (at > 0 && toWrite[at - 1].opened > r.opened) {
                    toWrite[at] = toWrite[at - 1];
                    at--;
                }
                toWrite[at] = r;
            }
        }
        for (int i = 0; i < n; i++) {
            toWrite[i].write(out);
            toWrite[i].clear();
            toWrite[i] = null;
        }
        unwritten = false;
    }

    /** {@code run} took its first access since it was last written. */
    void opened(AccessRun run) {
        run.opened = ++opens;
        unwritten = true;
    }

    /** Whether an open run holds accesses not yet written. */
    boolean hasUnwritten() {
        return unwritten;
    }

    /** Whether the thread these runs belong to has ended (its runs may then be written by another). */
    boolean ownerGone() {
        return !owner.isAlive();
    }

    /** Whether the calling thread owns these runs. */
    public boolean ownedByCaller() {
        return owner == Thread.currentThread();
    }
}
