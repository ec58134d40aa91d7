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
 * <p>The caller may widen the run an access went to itself ({@link AccessRun#widen}) for the
 * same site's next accesses: the buffer watch does, so a loop over a window costs a few
 * compares per element once its first access found the run.
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
    /** The runs, oldest first ({@code size} of them open); the rest are written ones kept for reuse. */
    private final AccessRun[] runs = new AccessRun[RUNS];
    private int size;

    AccessRuns() {
        for (int i = 0; i < RUNS; i++) {
            runs[i] = new AccessRun(owner);
        }
    }

    /** Where runs go when written. */
    interface Out {
        void access(int site, long win, long offset, long bytes, boolean store, long valueHash);
    }

    /**
     * A load or store of {@code [offset, offset + bytes)}; a store's {@code valueState} is
     * the {@link ValueHash} state of the bytes it writes ({@code hashed} false if unknown).
     * Returns the run that took it.
     */
    AccessRun add(int accessSite, long window, long offset, long bytes, boolean isStore, long valueState,
                  boolean isHashed, Out out) {
        long end = offset + bytes;
        if (last < size && runs[last].widens(accessSite, window, offset, end, isStore, valueState, isHashed)) {
            return runs[last];
        }
        for (int i = 0; i < size; i++) {
            if (runs[i].widens(accessSite, window, offset, end, isStore, valueState, isHashed)) {
                last = i;
                return runs[i];
            }
        }
        if (size == RUNS) {
            AccessRun oldest = runs[0];
            oldest.write(out);
            System.arraycopy(runs, 1, runs, 0, RUNS - 1);
            runs[RUNS - 1] = oldest;
            size--;
        }
        AccessRun r = runs[size];
        r.start(accessSite, window, offset, end, isStore, valueState, isHashed);
        last = size;
        size++;
        return r;
    }

    /** Writes every run, oldest first (by its owner, or by another thread once the owner has ended). */
    void flush(Out out) {
        for (int i = 0; i < size; i++) {
            runs[i].write(out);
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
}
