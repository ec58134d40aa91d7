package org.mpiguard.core.trace;

/**
 * One thread's loads and stores of window memory not yet written as ACCESS events,
 * merged into runs: a loop that walks its window makes one event per call site and MPI
 * call, not one per element. A run is one site's loads (or stores) of one window over a
 * range of bytes; a new access of the same site that overlaps or touches it widens it.
 * The runs are written before the thread's next MPI event (so they keep their place
 * between the synchronisations that order them), when a thread has more than
 * {@link #RUNS} at once (the oldest), and at flush and close.
 *
 * <p>A store run keeps the value hash of its bytes while the stores append to each other
 * (or store the same bytes again with the same value); any other store into it makes its
 * value unknown ({@link ValueHash#NONE}), so it is never taken for a benign race.
 *
 * <p>Only its owner thread touches it (no lock on the path of every access): another
 * thread writes a thread's runs only once that thread has ended ({@link #ownerGone}). So a
 * flush before an abort made by another thread leaves out the runs a live thread made since
 * its last MPI event; each thread's own events (the blocking call it sits in) write them.
 */
final class AccessRuns {

    static final int RUNS = 8;

    private final Thread owner = Thread.currentThread();
    /** The run the last access went to: a loop hits it again, and it is looked at first. */
    private int last;

    private final int[] site = new int[RUNS];
    private final long[] win = new long[RUNS];
    private final boolean[] store = new boolean[RUNS];
    private final long[] from = new long[RUNS];
    private final long[] to = new long[RUNS];
    private final long[] state = new long[RUNS];
    private final boolean[] hashed = new boolean[RUNS];
    private int size;

    /** Where runs go when written. */
    interface Out {
        void access(int site, long win, long offset, long bytes, boolean store, long valueHash);
    }

    /**
     * A load or store of {@code [offset, offset + bytes)}; a store's {@code valueState} is
     * the {@link ValueHash} state of the bytes it writes ({@code hashed} false if unknown).
     */
    void add(int accessSite, long window, long offset, long bytes, boolean isStore, long valueState,
             boolean isHashed, Out out) {
        long end = offset + bytes;
        if (last < size && widens(last, accessSite, window, offset, end, isStore, valueState, isHashed)) {
            return;
        }
        for (int i = 0; i < size; i++) {
            if (widens(i, accessSite, window, offset, end, isStore, valueState, isHashed)) {
                last = i;
                return;
            }
        }
        if (size == RUNS) {
            write(0, out);
            System.arraycopy(site, 1, site, 0, RUNS - 1);
            System.arraycopy(win, 1, win, 0, RUNS - 1);
            System.arraycopy(store, 1, store, 0, RUNS - 1);
            System.arraycopy(from, 1, from, 0, RUNS - 1);
            System.arraycopy(to, 1, to, 0, RUNS - 1);
            System.arraycopy(state, 1, state, 0, RUNS - 1);
            System.arraycopy(hashed, 1, hashed, 0, RUNS - 1);
            size--;
        }
        site[size] = accessSite;
        win[size] = window;
        store[size] = isStore;
        from[size] = offset;
        to[size] = end;
        state[size] = valueState;
        hashed[size] = isStore && isHashed && bytes <= ValueHash.MAX_BYTES;
        last = size;
        size++;
    }

    /** Whether run {@code i} takes the access (the same site, window and kind, overlapping or touching it). */
    private boolean widens(int i, int accessSite, long window, long offset, long end, boolean isStore,
                           long valueState, boolean isHashed) {
        if (site[i] != accessSite || win[i] != window || store[i] != isStore || offset > to[i] || end < from[i]) {
            return false;
        }
        if (isStore) {
            mergeValue(i, offset, end, valueState, isHashed);
        }
        from[i] = Math.min(from[i], offset);
        to[i] = Math.max(to[i], end);
        return true;
    }

    /** A store into run {@code i}: its hash survives only an appending store, or the same bytes stored again alike. */
    private void mergeValue(int i, long offset, long end, long valueState, boolean isHashed) {
        if (!hashed[i] || !isHashed) {
            hashed[i] = false;
        } else if (offset == to[i] && end - from[i] <= ValueHash.MAX_BYTES) {
            state[i] = ValueHash.concat(state[i], valueState, end - offset);
        } else if (offset != from[i] || end != to[i] || valueState != state[i]) {
            hashed[i] = false;
        }
    }

    /** Writes every run, oldest first (by its owner, or by another thread once the owner has ended). */
    void flush(Out out) {
        for (int i = 0; i < size; i++) {
            write(i, out);
        }
        size = 0;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Whether the thread these runs belong to has ended (its runs may then be written by another). */
    boolean ownerGone() {
        return !owner.isAlive();
    }

    boolean ownedByCaller() {
        return owner == Thread.currentThread();
    }

    private void write(int i, Out out) {
        long bytes = to[i] - from[i];
        out.access(site[i], win[i], from[i], bytes, store[i],
                hashed[i] ? ValueHash.finish(state[i], bytes) : ValueHash.NONE);
    }
}
