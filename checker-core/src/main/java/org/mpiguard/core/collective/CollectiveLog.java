package org.mpiguard.core.collective;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A bounded single-producer single-consumer queue of one thread's collective calls: the
 * application thread appends (no allocation, no lock), the watchdog drains and sends them
 * round the ring. When the watchdog falls behind by a whole buffer, calls are dropped and
 * counted; the comparer skips numbers it never sees, so a drop costs a check, never a
 * false finding.
 */
public final class CollectiveLog {

    public static final int CAPACITY = 1 << 13;
    private static final int MASK = CAPACITY - 1;
    private static final int INTS = 8;
    private static final VarHandle HEAD;
    private static final VarHandle TAIL;

    static {
        try {
            HEAD = MethodHandles.lookup().findVarHandle(CollectiveLog.class, "head", long.class);
            TAIL = MethodHandles.lookup().findVarHandle(CollectiveLog.class, "tail", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final CommIdentity[] comms = new CommIdentity[CAPACITY];
    private final long[] seqs = new long[CAPACITY];
    private final int[] ints = new int[CAPACITY * INTS];
    @SuppressWarnings("unused") private volatile long head;
    @SuppressWarnings("unused") private volatile long tail;
    private long dropped;

    /** One call, by its owner thread. */
    public void append(CommIdentity comm, long seq, CollectiveKind kind, boolean nonblocking, int root,
                       int reduceOp, int count, int typeCode, int typeSize, int site) {
        long h = (long) HEAD.getOpaque(this);
        if (h - (long) TAIL.getAcquire(this) >= CAPACITY) {
            dropped++;
            return;
        }
        int slot = (int) (h & MASK);
        comms[slot] = comm;
        seqs[slot] = seq;
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
     * Hands every call appended so far to {@code sink}, in order, by the watchdog only. A
     * loop's consecutive calls of one shape come as one run: the comparer and the encoder
     * then do one step per run, not per call. Telling a run apart takes nine compares of
     * entries read in order anyway.
     */
    public int drainRuns(RunSink sink) {
        long t = (long) TAIL.getOpaque(this);
        long h = (long) HEAD.getAcquire(this);
        CollectiveKind[] kinds = CollectiveKind.values();
        long i = t;
        while (i < h) {
            int slot = (int) (i & MASK);
            int base = slot * INTS;
            CommIdentity comm = comms[slot];
            long first = seqs[slot];
            comms[slot] = null;
            int calls = 1;
            long j = i + 1;
            while (j < h) {
                int next = (int) (j & MASK);
                if (comms[next] != comm || seqs[next] != first + calls || !sameFields(next * INTS, base)) {
                    break;
                }
                comms[next] = null;
                calls++;
                j++;
            }
            sink.run(comm, first, calls, kinds[ints[base]], ints[base + 1] != 0, ints[base + 2], ints[base + 3],
                    ints[base + 4], ints[base + 5], ints[base + 6], ints[base + 7]);
            i = j;
        }
        TAIL.setRelease(this, h);
        return (int) (h - t);
    }

    private boolean sameFields(int a, int b) {
        for (int k = 0; k < INTS; k++) {
            if (ints[a + k] != ints[b + k]) {
                return false;
            }
        }
        return true;
    }

    /** Calls lost because the consumer fell a whole buffer behind (read by the owner thread). */
    public long dropped() {
        return dropped;
    }
}
