package org.mpiguard.core.trace;

/**
 * One run of {@link AccessRuns}: one call site's loads (or stores) over the bytes
 * {@code [from, to)}, not yet written to the trace, with the value hash state of a store
 * run. The bytes are those of a window ({@link #win}, as the full way records them), or of
 * a buffer ({@link #view}, counted from its element 0), which the trace's view resolver
 * places in the traced windows when the run is written: the accessor's path then needs no
 * address and no window look-up. Only its owner thread changes it, so it needs no lock;
 * another thread that holds it (through a caller's memo) checks {@link #owner} first,
 * which is final.
 *
 * <p>A run written at the thread's next MPI event stays open and in the pool with its site
 * and view, but empty ({@link #isEmpty}): the caller's memo of it survives, and the site's
 * next access widens it ({@link #widenLoad}, {@link #widenStore}, a few compares the buffer
 * watch inlines into the program's loops), an empty run starting over at the access with
 * no call (a call taken once per site and MPI event was one more the program's loop held:
 * traced jacobi1d-rma, docs/overhead.md). A run the pool closed to open another is opened
 * again in place ({@link #reopen}), out of line.
 */
public final class AccessRun {

    /**
     * The longest run of appended stores that keeps a value hash. Hashing costs each store a
     * few multiplies, which a loop filling a window pays on every element (traced
     * jacobi1d-rma, docs/overhead.md); the hash only tells a benign same-value race from
     * one with inconsistent values when a store run and a put cover the same bytes, which
     * programs do with a few values, not with kilobytes. A longer run is judged as a write
     * of an unknown value (a race with it is an error). One bulk store keeps its hash up to
     * {@link ValueHash#MAX_BYTES}.
     */
    public static final long MAX_APPENDED_HASH = 1024;

    /** {@link #from} and {@link #to} of an empty run: no access overlaps or touches it. */
    private static final long EMPTY_FROM = Long.MAX_VALUE;
    private static final long EMPTY_TO = Long.MIN_VALUE;

    final Thread owner;
    final AccessRuns pool;
    /** Whether the run holds accesses not yet written (it is then in its pool's open list). */
    boolean open;
    int site;
    /** The window whose bytes {@code from} and {@code to} are, or 0: the bytes of {@link #view}. */
    long win;
    boolean store;
    long from;
    long to;
    long state;
    boolean hashed;
    /** When the run took its first access since it was last written (its pool's count): runs are written in that order. */
    long opened;

    /** The buffer (view) the site's accesses come through: the caller's memo, and the base of a view run. */
    public Object view;

    AccessRun(AccessRuns pool) {
        this.pool = pool;
        this.owner = pool.owner;
    }

    /** Whether this run belongs to the calling thread and is the memo of {@code site}'s accesses through {@code accessView}. */
    public boolean takes(int accessSite, Object accessView) {
        return view == accessView && site == accessSite && owner == Thread.currentThread();
    }

    /** The pool of the thread the run belongs to. */
    public AccessRuns pool() {
        return pool;
    }

    /** Whether the run is open: in its pool's list of runs written at the next MPI event (empty or not). */
    public boolean isOpen() {
        return open;
    }

    /** Whether the run holds no access (written since its last one). */
    boolean isEmpty() {
        return from > to;
    }

    /** The run was written: it stays open, with no access, and takes its site's next one as it comes. */
    void clear() {
        from = EMPTY_FROM;
        to = EMPTY_TO;
        hashed = false;
        state = 0;
    }

    /**
     * Widens a load run by an access of the bytes {@code [offset, end)} when the access
     * overlaps or touches it; false, and nothing changed, when it does not.
     */
    public boolean widenLoad(long offset, long end) {
        if ((offset > to || end < from) && !startOver(offset)) {
            return false;
        }
        cover(offset, end);
        return true;
    }

    /**
     * Widens a store run by a store of one value ({@code bits}, {@code width} bytes laid out
     * in the platform's order, {@link ValueHash#NATIVE_BIG}) over {@code [offset, end)}, as {@link #widenLoad}. The
     * value is hashed only while the run still keeps a hash ({@link #MAX_APPENDED_HASH}): a
     * loop that fills a long stretch of a window pays for the hash of its first stores only.
     */
    public boolean widenStore(long offset, long end, long bits, int width) {
        if ((offset > to || end < from) && !startOver(offset)) {
            return false;
        }
        // one hash of the value on one path: the JIT computes a value two paths use before both
        if (hashed) {
            mergeValue(offset, end, ValueHash.ofBits(bits, width, ValueHash.NATIVE_BIG), true);
        }
        cover(offset, end);
        return true;
    }

    /**
     * An empty run starts over at {@code offset}, as a run of no bytes there (the access then
     * widens it; a store's value, appended to no bytes, is the run's hash state); false, and
     * nothing changed, when the run holds accesses.
     */
    private boolean startOver(long offset) {
        if (from <= to) {
            return false;
        }
        from = offset;
        to = offset;
        hashed = store;
        state = 0;
        pool.opened(this);
        return true;
    }

    /** Widens the run's bytes to cover {@code [offset, end)} (a compare each side, a store only where it grows). */
    private void cover(long offset, long end) {
        if (offset < from) {
            from = offset;
        }
        if (end > to) {
            to = end;
        }
    }

    /**
     * Opens the written run again, in place, for its site's access of {@code [offset, end)}
     * (a store's value in {@code bits}, {@code width} bytes; ignored for loads); false when the
     * thread already has {@link AccessRuns#RUNS} runs open (the caller then takes the full way).
     * Called by the caller's owner thread only, as every change of a run.
     */
    public boolean reopen(long offset, long end, long bits, int width) {
        AccessRuns p = pool;
        int n = p.size;
        if (n == AccessRuns.RUNS) {
            return false;
        }
        p.open[n] = this;
        p.size = n + 1;
        p.opened(this);
        open = true;
        from = offset;
        to = end;
        hashed = store;
        state = store ? ValueHash.ofBits(bits, width, ValueHash.NATIVE_BIG) : 0;
        return true;
    }

    void start(int accessSite, long window, Object base, long offset, long end, boolean isStore, long valueState,
               boolean isHashed) {
        site = accessSite;
        win = window;
        view = base;
        store = isStore;
        from = offset;
        to = end;
        state = valueState;
        hashed = isStore && isHashed && end - offset <= ValueHash.MAX_BYTES;
        pool.opened(this);
    }

    /** Whether the run takes the access (the same site, window or view, and kind, overlapping or touching it). */
    boolean widens(int accessSite, long window, Object base, long offset, long end, boolean isStore, long valueState,
                   boolean isHashed) {
        return site == accessSite && win == window && (window != 0 || view == base) && store == isStore
                && take(offset, end, valueState, isHashed);
    }

    private boolean take(long offset, long end, long valueState, boolean isHashed) {
        if (offset > to || end < from) {
            if (!isEmpty()) {
                return false;
            }
            start(site, win, view, offset, end, store, valueState, isHashed);
            return true;
        }
        if (store) {
            mergeValue(offset, end, valueState, isHashed);
        }
        cover(offset, end);
        return true;
    }

    /** A store into the run: its hash survives only an appending store, or the same bytes stored again alike. */
    private void mergeValue(long offset, long end, long valueState, boolean isHashed) {
        if (!hashed || !isHashed) {
            hashed = false;
        } else if (offset == to && end - from <= MAX_APPENDED_HASH) {
            state = ValueHash.concat(state, valueState, end - offset);
        } else if (offset != from || end != to || valueState != state) {
            hashed = false;
        }
    }

    /** Writes the run's accesses, if it holds any; its state is the caller's to change. */
    void write(AccessRuns.Out out) {
        if (isEmpty()) {
            return;
        }
        if (win != 0) {
            out.access(site, win, from, to - from, store, hashed ? ValueHash.finish(state, to - from) : ValueHash.NONE);
        } else {
            out.viewAccess(site, view, from, to, store, hashed, state);
        }
    }
}
