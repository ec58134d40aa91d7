package org.mpiguard.core.trace;

/**
 * One run of {@link AccessRuns}: one call site's loads (or stores) of one window over the
 * bytes {@code [from, to)} of it, not yet written to the trace, with the value hash state
 * of a store run. Only its owner thread changes it, so it needs no lock; another thread
 * that holds it (through a caller's memo) checks {@link #owner} first, which is final.
 *
 * <p>A run stays in its thread's pool when written ({@link #open} false) and is used again
 * for a later run. The {@code view*} fields are the caller's memo of the buffer the last
 * access came through, so that the next access through the same buffer at the same site
 * widens the run with a few compares ({@link #widen}), without finding its window again.
 */
public final class AccessRun {

    final Thread owner;
    boolean open;
    int site;
    long win;
    boolean store;
    long from;
    long to;
    long state;
    boolean hashed;

    /** The buffer (view) an access last came through, set by the caller; null when unknown. */
    public Object view;
    /** The window offset of the view's element 0. */
    public long viewOffset;
    /** The window's length in bytes: an access past it is not the run's to take. */
    public long viewLimit;
    /** The byte order of the view's elements in memory, for value hashes. */
    public boolean viewBigEndian;
    /** The caller's version of its windows when the memo was made (a window made or freed since voids it). */
    public int viewVersion;

    AccessRun(Thread owner) {
        this.owner = owner;
    }

    /** Whether this run belongs to the calling thread, holds {@code site}'s accesses and is not yet written. */
    public boolean takes(int accessSite, Object accessView, int windowsVersion) {
        return view == accessView && site == accessSite && open && viewVersion == windowsVersion
                && owner == Thread.currentThread();
    }

    /**
     * Widens the run by an access of the bytes {@code [offset, end)} of its window of the
     * run's kind ({@code valueState}: a store's {@link ValueHash} state, known), when the
     * access overlaps or touches it; false, and nothing changed, when it does not.
     */
    public boolean widen(long offset, long end, long valueState) {
        return take(offset, end, valueState, true);
    }

    void start(int accessSite, long window, long offset, long end, boolean isStore, long valueState, boolean isHashed) {
        site = accessSite;
        win = window;
        store = isStore;
        from = offset;
        to = end;
        state = valueState;
        hashed = isStore && isHashed && end - offset <= ValueHash.MAX_BYTES;
        view = null;
        open = true;
    }

    /** Whether the run takes the access (the same site, window and kind, overlapping or touching it). */
    boolean widens(int accessSite, long window, long offset, long end, boolean isStore, long valueState,
                   boolean isHashed) {
        return site == accessSite && win == window && store == isStore && take(offset, end, valueState, isHashed);
    }

    private boolean take(long offset, long end, long valueState, boolean isHashed) {
        if (offset > to || end < from) {
            return false;
        }
        if (store) {
            mergeValue(offset, end, valueState, isHashed);
        }
        from = Math.min(from, offset);
        to = Math.max(to, end);
        return true;
    }

    /** A store into the run: its hash survives only an appending store, or the same bytes stored again alike. */
    private void mergeValue(long offset, long end, long valueState, boolean isHashed) {
        if (!hashed || !isHashed) {
            hashed = false;
        } else if (offset == to && end - from <= ValueHash.MAX_BYTES) {
            state = ValueHash.concat(state, valueState, end - offset);
        } else if (offset != from || end != to || valueState != state) {
            hashed = false;
        }
    }

    void write(AccessRuns.Out out) {
        long bytes = to - from;
        open = false;
        out.access(site, win, from, bytes, store, hashed ? ValueHash.finish(state, bytes) : ValueHash.NONE);
    }
}
