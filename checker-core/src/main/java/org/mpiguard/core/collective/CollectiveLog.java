package org.mpiguard.core.collective;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A bounded single-producer single-consumer queue of one thread's collective calls: the
 * application thread appends (no allocation, no lock), the watchdog drains and sends them
 * round the ring.
 *
 * <p>An entry is a run: a call that continues the newest entry (same communicator, the
 * next number, the same eight fields) only raises that entry's count, so a loop of one
 * collective fills one entry however long it runs, and draining it costs the same for
 * ten calls as for a million. The consumer hands over what the newest entry holds so far
 * and keeps it (the owner may still extend it); only older entries are final and freed.
 *
 * <p>When the watchdog falls a whole buffer of distinct entries behind, calls are dropped
 * and counted; the comparer skips numbers it never sees, so a drop costs a check, never a
 * false finding. The owner wakes the watchdog at half full, so that takes a program that
 * changes collective on every call faster than the watchdog is woken to drain.
 */
public final class CollectiveLog {

    public static final int CAPACITY = 1 << 13;
    /** At this many undrained entries the owner wakes the consumer, once per filling. */
    public static final int HALF = CAPACITY / 2;
    private static final int MASK = CAPACITY - 1;
    private static final int INTS = 8;
    /** A run's count stays below this; the next call starts a new entry. */
    private static final int MAX_RUN = 1 << 30;
    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle COUNT = MethodHandles.arrayElementVarHandle(int[].class);

    static {
        try {
            HEAD = MethodHandles.lookup().findVarHandle(CollectiveLog.class, "head", long.class);
            TAIL = MethodHandles.lookup().findVarHandle(CollectiveLog.class, "tail", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final CommIdentity[] comms = new CommIdentity[CAPACITY];
    /** The number of each entry's first call. */
    private final long[] seqs = new long[CAPACITY];
    /** Each entry's calls: written by the owner (released), read by the consumer (acquired). */
    private final int[] counts = new int[CAPACITY];
    private final int[] ints = new int[CAPACITY * INTS];
    @SuppressWarnings("unused") private volatile long head;
    /** The oldest entry not yet freed: the consumer keeps the newest, which may still grow. */
    @SuppressWarnings("unused") private volatile long tail;
    /** Calls of the entry at {@code tail} already handed over (consumer only). */
    private int taken;
    private long dropped;
    /**
     * The thread that drains every log (the watchdog), woken when a log is half full: in a
     * program that changes collective on every call it then drains in batches of entries,
     * not of time, and does not fall a buffer behind.
     */
    private static volatile Thread consumer;

    /** Sets the thread to wake when some log is half full; null for none. */
    public static void wakeWhenHalfFull(Thread thread) {
        consumer = thread;
    }

    /** One call, by its owner thread. */
    public void append(CommIdentity comm, long seq, CollectiveKind kind, boolean nonblocking, int root,
                       int reduceOp, int count, int typeCode, int typeSize, int site) {
        long h = (long) HEAD.getOpaque(this);
        if (h > 0) {
            int newest = (int) ((h - 1) & MASK);
            int calls = counts[newest];
            int base = newest * INTS;
            if (comms[newest] == comm && seqs[newest] + calls == seq && calls < MAX_RUN
                    && ints[base] == kind.ordinal() && ints[base + 1] == (nonblocking ? 1 : 0)
                    && ints[base + 2] == root && ints[base + 3] == reduceOp && ints[base + 4] == count
                    && ints[base + 5] == typeCode && ints[base + 6] == typeSize && ints[base + 7] == site) {
                COUNT.setRelease(counts, newest, calls + 1);
                return;
            }
        }
        long used = h - (long) TAIL.getAcquire(this);
        if (used >= CAPACITY) {
            dropped++;
            return;
        }
        if (used == HALF) {
            Thread drainer = consumer;
            if (drainer != null) {
                LockSupport.unpark(drainer);
            }
        }
        int slot = (int) (h & MASK);
        comms[slot] = comm;
        seqs[slot] = seq;
        counts[slot] = 1;
        pack(ints, slot * INTS, kind, nonblocking, root, reduceOp, count, typeCode, typeSize, site);
        HEAD.setRelease(this, h + 1);
    }

    /** The eight int fields of a call, as both the log and the shape table lay them out. */
    static void pack(int[] ints, int base, CollectiveKind kind, boolean nonblocking, int root, int reduceOp,
                     int count, int typeCode, int typeSize, int site) {
        ints[base] = kind.ordinal();
        ints[base + 1] = nonblocking ? 1 : 0;
        ints[base + 2] = root;
        ints[base + 3] = reduceOp;
        ints[base + 4] = count;
        ints[base + 5] = typeCode;
        ints[base + 6] = typeSize;
        ints[base + 7] = site;
    }

    /** Receives each drained run: consecutive calls of one shape with consecutive numbers. */
    public interface RunSink {
        void run(CommIdentity comm, long firstSeq, int calls, CollectiveKind kind, boolean nonblocking, int root,
                 int reduceOp, int count, int typeCode, int typeSize, int site);
    }

    /**
     * Hands every call appended so far and not yet handed over to {@code sink}, in order,
     * by the watchdog only; returns how many. Consecutive calls of one shape come as one
     * run, also where they span entries: the comparer and the encoder then do one step per
     * run, not per call.
     */
    public int drainRuns(RunSink sink) {
        long t = (long) TAIL.getOpaque(this);
        long h = (long) HEAD.getAcquire(this);
        if (t == h) {
            return 0;
        }
        CollectiveKind[] kinds = CollectiveKind.values();
        long handed = 0;
        CommIdentity runComm = null;
        long runFirst = 0;
        int runCalls = 0;
        int runBase = 0;
        int newestCount = 0;
        for (long i = t; i < h; i++) {
            int slot = (int) (i & MASK);
            int base = slot * INTS;
            int calls = (int) COUNT.getAcquire(counts, slot);
            int from = i == t ? taken : 0;
            if (calls > from) {
                CommIdentity comm = comms[slot];
                long first = seqs[slot] + from;
                int more = calls - from;
                handed += more;
                if (runCalls > 0 && comm == runComm && first == runFirst + runCalls && runCalls <= MAX_RUN - more
                        && sameFields(base, runBase)) {
                    runCalls += more;
                } else {
                    if (runCalls > 0) {
                        hand(sink, kinds, runComm, runFirst, runCalls, runBase);
                    }
                    runComm = comm;
                    runFirst = first;
                    runCalls = more;
                    runBase = base;
                }
            }
            if (i < h - 1) {
                comms[slot] = null;   // final and handed over: no longer keeps the communicator alive
            } else {
                newestCount = calls;
            }
        }
        if (runCalls > 0) {
            hand(sink, kinds, runComm, runFirst, runCalls, runBase);
        }
        taken = newestCount;
        TAIL.setRelease(this, h - 1);
        return (int) Math.min(Integer.MAX_VALUE, handed);
    }

    private void hand(RunSink sink, CollectiveKind[] kinds, CommIdentity comm, long first, int calls, int base) {
        sink.run(comm, first, calls, kinds[ints[base]], ints[base + 1] != 0, ints[base + 2], ints[base + 3],
                ints[base + 4], ints[base + 5], ints[base + 6], ints[base + 7]);
    }

    private boolean sameFields(int a, int b) {
        for (int k = 0; k < INTS; k++) {
            if (ints[a + k] != ints[b + k]) {
                return false;
            }
        }
        return true;
    }

    /** Entries not yet freed, the newest (kept while it may grow) included; for the consumer. */
    public long pending() {
        return (long) HEAD.getAcquire(this) - (long) TAIL.getOpaque(this);
    }

    /** Calls lost because the consumer fell a whole buffer behind (read by the owner thread). */
    public long dropped() {
        return dropped;
    }
}
