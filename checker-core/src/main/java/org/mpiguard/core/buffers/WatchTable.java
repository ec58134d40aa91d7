package org.mpiguard.core.buffers;

import java.lang.invoke.VarHandle;

/**
 * The memory ranges pending MPI operations use, each with its role, the call site that
 * posted it and what completes it (a request, or a window with a target rank, or either:
 * a request-based one-sided operation completes at its request's wait and also at the
 * synchronisation that completes every operation of its window to that target). Fixed
 * capacity: a program with more pending operations than that has the excess unwatched
 * (counted in {@link #dropped()}), never a growing table. Small and linear on purpose:
 * it is consulted only while something is pending, and a rank rarely has more than a
 * few dozen operations in flight.
 *
 * <p>Queries answer with a packed long (role ordinal in the high half, site in the low
 * half) or {@link #NONE}, so the hot path allocates nothing. The program's accesses query
 * without a lock, under a sequence number the writers (posts and completions, under the
 * monitor) make odd while they change the table: an element-by-element loop over a buffer
 * while receives are pending took a monitor per element before (issue 18).
 */
public final class WatchTable {

    public static final long NONE = -1L;
    /** Any target: for completions of a whole window (fence, complete, unlockAll, flushAll). */
    public static final int ALL_TARGETS = Integer.MIN_VALUE;

    private final long[] start;
    private final long[] end;
    private final BufferRole[] role;
    private final int[] site;
    private final Object[] owner;
    /** A second object whose completion also completes the entry (a request-based operation's window), or null. */
    private final Object[] alsoOwner;
    private final int[] target;
    private int size;
    private long dropped;
    /** Even while the table is stable; a reader that saw it change reads again. */
    private volatile int version;

    public WatchTable(int capacity) {
        start = new long[capacity];
        end = new long[capacity];
        role = new BufferRole[capacity];
        site = new int[capacity];
        owner = new Object[capacity];
        alsoOwner = new Object[capacity];
        target = new int[capacity];
    }

    /** Watches [from, to) for {@code owner} until it completes; false (and counted) when full. */
    public boolean add(long from, long to, BufferRole r, int postSite, Object completedBy, int targetRank) {
        return add(from, to, r, postSite, completedBy, null, targetRank);
    }

    /**
     * Watches [from, to) until {@code completedBy} or {@code alsoCompletedBy} (may be null)
     * completes; false (and counted) when full.
     */
    public synchronized boolean add(long from, long to, BufferRole r, int postSite, Object completedBy,
                                    Object alsoCompletedBy, int targetRank) {
        return insert(from, to, r, postSite, completedBy, alsoCompletedBy, targetRank);
    }

    /**
     * A new operation's use of [from, to) in role {@code r}: the pending use it conflicts with
     * (or NONE), and the use watched from now on, as {@link #add}. One monitor for both: every
     * nonblocking and one-sided post takes this path.
     */
    public synchronized long watch(long from, long to, BufferRole r, int postSite, Object completedBy,
                                   Object alsoCompletedBy, int targetRank) {
        long hit = conflictWith(from, to, r);
        insert(from, to, r, postSite, completedBy, alsoCompletedBy, targetRank);
        return hit;
    }

    private boolean insert(long from, long to, BufferRole r, int postSite, Object completedBy,
                           Object alsoCompletedBy, int targetRank) {
        if (to <= from) {
            return true;
        }
        if (size == start.length) {
            dropped++;
            return false;
        }
        beginWrite();
        start[size] = from;
        end[size] = to;
        role[size] = r;
        site[size] = postSite;
        owner[size] = completedBy;
        alsoOwner[size] = alsoCompletedBy;
        target[size] = targetRank;
        size++;
        endWrite();
        return true;
    }

    /** The pending use that a program's access to [from, to) conflicts with, or NONE. */
    public long conflict(long from, long to, boolean write) {
        while (true) {
            int v = version;
            if ((v & 1) == 0) {
                long hit = scan(from, to, write);
                VarHandle.acquireFence();
                if (version == v) {
                    return hit;
                }
            }
            Thread.onSpinWait();
        }
    }

    /** The table's state: equal numbers mean no post or completion came between two reads. */
    public int version() {
        return version;
    }

    /** A pass over the table as it may be while a writer changes it: the caller validates. */
    private long scan(long from, long to, boolean write) {
        int n = Math.min(size, start.length);
        for (int i = 0; i < n; i++) {
            BufferRole r = role[i];
            if (r != null && from < end[i] && start[i] < to && r.conflictsWith(write)) {
                return pack(r, site[i]);
            }
        }
        return NONE;
    }

    /** The pending use a store into [from, to) conflicts with, with what completes it; null if none. */
    public synchronized Entry storeConflict(long from, long to) {
        for (int i = 0; i < size; i++) {
            if (from < end[i] && start[i] < to && role[i].conflictsWith(true)) {
                return new Entry(role[i], site[i], owner[i], alsoOwner[i], target[i]);
            }
        }
        return null;
    }

    /** A pending use: its role, the site that posted it, what completes it and for which target. */
    public record Entry(BufferRole role, int postSite, Object completedBy, Object alsoCompletedBy, int target) {

        /** Whether a completion of {@code by} for {@code targetRank} completes this use (see {@link #complete}). */
        public boolean completedBy(Object by, int targetRank) {
            return (completedBy == by || alsoCompletedBy != null && alsoCompletedBy == by)
                    && (targetRank == ALL_TARGETS || target == targetRank);
        }
    }

    /** The pending use that a new operation's use of [from, to) in role {@code r} conflicts with, or NONE. */
    public synchronized long conflict(long from, long to, BufferRole r) {
        return conflictWith(from, to, r);
    }

    private long conflictWith(long from, long to, BufferRole r) {
        for (int i = 0; i < size; i++) {
            if (from < end[i] && start[i] < to && role[i].conflictsWith(r)) {
                return pack(role[i], site[i]);
            }
        }
        return NONE;
    }

    /**
     * Forgets what {@code completedBy} watched for {@code targetRank} (or for all, {@link #ALL_TARGETS});
     * the uses still pending. A completion that watched nothing changes nothing, not even the
     * version (the accesses' memo of buffers found clear stays valid).
     */
    public synchronized int complete(Object completedBy, int targetRank) {
        int first = 0;
        while (first < size && !completes(first, completedBy, targetRank)) {
            first++;
        }
        if (first == size) {
            return size;
        }
        beginWrite();
        int kept = first;
        for (int i = first + 1; i < size; i++) {
            if (!completes(i, completedBy, targetRank)) {
                move(i, kept++);
            }
        }
        for (int i = kept; i < size; i++) {
            owner[i] = null;
            alsoOwner[i] = null;
            role[i] = null;
        }
        size = kept;
        endWrite();
        return kept;
    }

    private boolean completes(int i, Object completedBy, int targetRank) {
        return (owner[i] == completedBy || alsoOwner[i] != null && alsoOwner[i] == completedBy)
                && (targetRank == ALL_TARGETS || target[i] == targetRank);
    }

    private void beginWrite() {
        version = version + 1;   // under the monitor: one writer at a time
        VarHandle.storeStoreFence();
    }

    private void endWrite() {
        version = version + 1;
    }

    public synchronized int size() {
        return size;
    }

    public synchronized long dropped() {
        return dropped;
    }

    public static BufferRole role(long packed) {
        return BufferRole.values()[(int) (packed >>> 32)];
    }

    public static int site(long packed) {
        return (int) packed;
    }

    private static long pack(BufferRole r, int postSite) {
        return ((long) r.ordinal() << 32) | (postSite & 0xffffffffL);
    }

    private void move(int from, int to) {
        if (from == to) {
            return;
        }
        start[to] = start[from];
        end[to] = end[from];
        role[to] = role[from];
        site[to] = site[from];
        owner[to] = owner[from];
        alsoOwner[to] = alsoOwner[from];
        target[to] = target[from];
    }
}
