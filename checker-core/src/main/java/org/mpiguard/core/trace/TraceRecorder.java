package org.mpiguard.core.trace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.mpiguard.core.collective.CollectiveKind;

/**
 * Where application threads record their MPI events: a fixed ring of slots that any
 * thread claims with one compare-and-set and fills without allocating; one consumer
 * ({@link TraceWriter}) drains it in claim order. A full ring never blocks a thread and
 * never grows: the event is counted as dropped and the trace says how many.
 *
 * <p>Each slot is {@link #STRIDE} longs: a publish word written last with release
 * semantics ({@code index << 8 | tag}, so a slot of an earlier lap is never mistaken for
 * the current one), the site, the thread, and the kind's fields. The claim index is the
 * event's sequence number.
 *
 * <p>Definitions (signatures of derived types, sets of ranks) are rare: they are interned
 * under a lock and queued for the writer, which writes them before any event that could
 * use them (a definition is queued before its id is returned, so before any event
 * carrying the id is published).
 */
public final class TraceRecorder {

    /** The wildcard value of RECV and PROBE {@code peer} and {@code tag} (ANY_SOURCE, ANY_TAG). */
    public static final int ANY = -1;
    /** The peer of a send or receive to or from {@code MPI.PROC_NULL}: recorded, never matched. */
    public static final int PROC_NULL = -2;
    /** The {@code field} of a STATUS_READ event: the program asked the Status for its source. */
    public static final int STATUS_SOURCE = 1;
    /** The {@code field} of a STATUS_READ event: the program asked the Status for its tag. */
    public static final int STATUS_TAG = 2;
    static final int STRIDE = 16;
    private static final int ACCESS_TAG = EventKind.ACCESS.tag();
    private static final int HEADER_WORDS = 3;

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle DROPPED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(TraceRecorder.class, "head", long.class);
            TAIL = lookup.findVarHandle(TraceRecorder.class, "tail", long.class);
            DROPPED = lookup.findVarHandle(TraceRecorder.class, "dropped", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long[] slots;
    private final int capacity;
    private final int mask;
    private final int wakeAt;
    // head is contended by producers, tail written by the consumer only: keep them apart
    @SuppressWarnings("unused") private long p1, p2, p3, p4, p5, p6, p7;
    @SuppressWarnings("unused") private volatile long head;
    @SuppressWarnings("unused") private long q1, q2, q3, q4, q5, q6, q7;
    @SuppressWarnings("unused") private volatile long tail;
    @SuppressWarnings("unused") private volatile long dropped;
    private volatile boolean closed;
    private volatile Thread consumer;

    /**
     * Whether any thread has merged window accesses (a plain field: a thread that has runs
     * wrote it itself, so it always sees it); until then an event costs no thread-local look-up.
     */
    private boolean runsOpen;
    private final ThreadLocal<AccessRuns> runs = ThreadLocal.withInitial(this::newRuns);
    private AccessRuns lastRuns;
    private final List<AccessRuns> allRuns = new ArrayList<>();
    private final AccessRuns.Out runOut = (site, win, offset, bytes, store, hash) -> access(site, win, offset, bytes,
            store, hash);

    private final Object definitions = new Object();
    private final Map<Signature, Integer> signatureIds = new HashMap<>();
    private final Map<RankSetKey, Integer> rankSetIds = new HashMap<>();
    private final List<Object> pendingDefinitions = new ArrayList<>();
    private int nextSignature = Signature.FIRST_DERIVED;
    private int nextRankSet = 1;

    /** @param capacity slots in the ring, a power of two (each holds one event) */
    public TraceRecorder(int capacity) {
        if (Integer.bitCount(capacity) != 1 || capacity < 2) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.wakeAt = capacity / 2;
        this.slots = new long[capacity * STRIDE];
    }

    // ---- the recording API: one call per MPI event, no allocation ----

    public void send(int site, PointOp op, long comm, int dest, int tag, int sig, int count, long request) {
        append(EventKind.SEND.tag(), site, op.ordinal(), comm, dest, tag, sig, count, request, 0, 0, 0, 0, 0);
    }

    /** {@code source} and {@code tag} are {@link #ANY} for {@code MPI.ANY_SOURCE} and {@code MPI.ANY_TAG}. */
    public void recv(int site, PointOp op, long comm, int source, int tag, int sig, int count, long request) {
        append(EventKind.RECV.tag(), site, op.ordinal(), comm, source, tag, sig, count, request, 0, 0, 0, 0, 0);
    }

    /**
     * A request completed (request id), or a blocking receive returned (request 0);
     * {@code source} (world rank), {@code tag} and {@code count} (elements) from its status,
     * -1 for a send's. {@code flags}: {@link CompletionOp#CANCELLED}, {@link CompletionOp#INACTIVE}.
     */
    public void complete(int site, CompletionOp op, long request, int source, int tag, int count, int flags) {
        append(EventKind.COMPLETE.tag(), site, op.ordinal(), request, source, tag, count, flags, 0, 0, 0, 0, 0, 0);
    }

    public void probe(int site, ProbeOp op, long comm, int source, int tag, boolean found, int matchedSource,
                      int matchedTag, int count) {
        append(EventKind.PROBE.tag(), site, op.ordinal(), comm, source, tag, found ? 1 : 0, matchedSource, matchedTag,
                count, 0, 0, 0, 0);
    }

    /** {@code root} as a world rank, -1 for unrooted operations; {@code request} 0 when blocking. */
    public void collective(int site, CollectiveKind kind, boolean nonblocking, long comm, long ring, int root,
                           int reduceOp, int sendSig, int sendCount, int recvSig, int recvCount, long request) {
        append(EventKind.COLLECTIVE.tag(), site, collectiveOp(kind, nonblocking), comm, ring, root, reduceOp, sendSig,
                sendCount, recvSig, recvCount, request, 0, 0);
    }

    public static int collectiveOp(CollectiveKind kind, boolean nonblocking) {
        return kind.ordinal() << 1 | (nonblocking ? 1 : 0);
    }

    /**
     * {@code target} as a world rank; {@code disp} in the target's displacement units;
     * {@code valueHash} of the bytes a put writes ({@link ValueHash}), {@link ValueHash#NONE} if not hashed;
     * {@code opKind} what an accumulate's operation does ({@link AccumulateOp}).
     */
    public void rma(int site, RmaOp op, long win, int target, long disp, int count, int sig, int originCount,
                    int originSig, int reduceOp, long request, long valueHash, AccumulateOp opKind) {
        append(EventKind.RMA.tag(), site, op.ordinal(), win, target, disp, count, sig, originCount, originSig, reduceOp,
                request, valueHash, opKind.ordinal());
    }

    /** {@code target} -1 where the call names none; {@code rankSet} from {@link #defineRanks} for post and start. */
    public void rmaSync(int site, RmaSyncOp op, long win, int target, int lockType, int assertion, int rankSet) {
        append(EventKind.RMA_SYNC.tag(), site, op.ordinal(), win, target, lockType, assertion, rankSet, 0, 0, 0, 0,
                0, 0);
    }

    /** One load or store of this rank's window memory, as one event (see {@link #localAccess} for the program's). */
    public void access(int site, long win, long offset, long bytes, boolean store, long valueHash) {
        append(EventKind.ACCESS.tag(), site, win, offset, bytes, store ? 1 : 0, valueHash, 0, 0, 0, 0, 0, 0, 0);
    }

    /**
     * The program's load or store of {@code [offset, offset + bytes)} of its window {@code win}:
     * merged with the same site's other accesses of the thread into runs ({@link AccessRuns}),
     * written before the thread's next event. {@code valueState}: a store's bytes as a
     * {@link ValueHash} state ({@code hashed} false when not known).
     */
    public void localAccess(int site, long win, long offset, long bytes, boolean store, long valueState,
                            boolean hashed) {
        if (closed) {
            return;
        }
        if (!runsOpen) {
            runsOpen = true; // written once: a store per access would share the writer thread's cache lines
        }
        mine().add(site, win, offset, bytes, store, valueState, hashed, runOut);
    }

    /**
     * The calling thread's runs: the last thread's are kept at hand (a program that touches
     * its windows from one thread never looks up its thread-local); a reference read is
     * atomic and a run's owner is final, so another thread never takes them for its own.
     */
    private AccessRuns mine() {
        AccessRuns last = lastRuns;
        if (last != null && last.ownedByCaller()) {
            return last;
        }
        last = runs.get();
        lastRuns = last;
        return last;
    }

    /**
     * Writes the calling thread's pending runs of window accesses and those of threads that
     * have ended (before a flush, at Finalize and close); a live thread's are written before
     * its own next event.
     */
    public void flushAccesses() {
        AccessRuns[] all;
        synchronized (allRuns) {
            all = allRuns.toArray(new AccessRuns[0]);
        }
        for (AccessRuns r : all) {
            if (r.ownedByCaller() || r.ownerGone()) {
                r.flush(runOut);
            }
        }
    }

    private AccessRuns newRuns() {
        AccessRuns r = new AccessRuns();
        synchronized (allRuns) {
            allRuns.add(r);
        }
        return r;
    }

    public void request(int site, RequestOp op, long request) {
        append(EventKind.REQUEST.tag(), site, op.ordinal(), request, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    /**
     * A handle made or freed ({@link HandleKind#CREATE}, {@link HandleKind#FREE}); {@code identity}
     * is what other ranks know it by (a communicator's or window's identity), {@code rankSet} its
     * members, {@code size} and {@code dispUnit} a window's.
     */
    public void handle(int site, int op, HandleKind kind, long handle, long identity, int rankSet, long size,
                       int dispUnit) {
        append(EventKind.HANDLE.tag(), site, op, kind.ordinal(), handle, identity, rankSet, size, dispUnit, 0, 0, 0,
                0, 0);
    }

    /** {@code Status.getSource()} ({@link #STATUS_SOURCE}) or {@code getTag()} ({@link #STATUS_TAG}) was called. */
    public void statusRead(int site, int field, int source, int tag) {
        append(EventKind.STATUS_READ.tag(), site, field, source, tag, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    public void finalizeCalled(int site) {
        flushAccesses();
        append(EventKind.FINALIZE.tag(), site, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    // ---- definitions: rare, under a lock ----

    /** The id of a derived type's signature, the same for equal signatures. */
    public int defineSignature(int[] codes, long[] reps, long size, long extent) {
        if (codes.length == 1 && reps[0] == 1 && Signature.isBasic(codes[0])) {
            return codes[0];
        }
        synchronized (definitions) {
            Signature probe = new Signature(0, size, extent, codes.clone(), reps.clone());
            Integer known = signatureIds.get(probe);
            if (known != null) {
                return known;
            }
            int id = nextSignature++;
            signatureIds.put(probe, id);
            pendingDefinitions.add(new Signature(id, size, extent, probe.codes(), probe.reps()));
            return id;
        }
    }

    /** The id of a set of world ranks (a group's members), the same for equal sets. */
    public int defineRanks(int[] worldRanks) {
        synchronized (definitions) {
            RankSetKey key = new RankSetKey(worldRanks.clone());
            Integer known = rankSetIds.get(key);
            if (known != null) {
                return known;
            }
            int id = nextRankSet++;
            rankSetIds.put(key, id);
            pendingDefinitions.add(new RankSet(id, key.ranks()));
            return id;
        }
    }

    /** A set of world ranks as the trace defines it. */
    public record RankSet(int id, int[] ranks) {
    }

    private record RankSetKey(int[] ranks) {
        @Override
        public boolean equals(Object o) {
            return o instanceof RankSetKey k && java.util.Arrays.equals(k.ranks, ranks);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(ranks);
        }
    }

    // ---- the hot path ----

    private void append(int tag, int site, long f0, long f1, long f2, long f3, long f4, long f5, long f6, long f7,
                        long f8, long f9, long f10, long f11) {
        if (closed) {
            return;
        }
        if (runsOpen && tag != ACCESS_TAG) {
            AccessRuns mine = mine();
            if (!mine.isEmpty()) {
                mine.flush(runOut); // the thread's accesses before this event keep their place
            }
        }
        long h;
        for (;;) {
            h = (long) HEAD.getVolatile(this);
            if (h - (long) TAIL.getAcquire(this) >= capacity) {
                DROPPED.getAndAdd(this, 1L);
                return;
            }
            if (HEAD.compareAndSet(this, h, h + 1)) {
                break;
            }
        }
        long[] s = slots;
        int b = (int) (h & mask) * STRIDE;
        s[b + 1] = site;
        s[b + 2] = Thread.currentThread().getId();
        s[b + 3] = f0;
        s[b + 4] = f1;
        s[b + 5] = f2;
        s[b + 6] = f3;
        s[b + 7] = f4;
        s[b + 8] = f5;
        s[b + 9] = f6;
        s[b + 10] = f7;
        s[b + 11] = f8;
        s[b + 12] = f9;
        s[b + 13] = f10;
        s[b + 14] = f11;
        SLOT.setRelease(s, b, h << 8 | tag);
        if (h - (long) TAIL.getOpaque(this) == wakeAt) {
            Thread c = consumer;
            if (c != null) {
                LockSupport.unpark(c);
            }
        }
    }

    // ---- the consumer side ----

    /** What the writer does with each slot and definition it drains. */
    public interface Sink {
        void definition(Object signatureOrRankSet);

        /** {@code slot} and {@code base}: the kind's fields are at {@code base + 3 ...}. */
        void event(EventKind kind, long seq, int site, long thread, long[] slot, int base);

        void dropped(long count);
    }

    /** The thread to wake when the ring is half full. */
    void consumer(Thread thread) {
        this.consumer = thread;
    }

    private long droppedReported;

    /**
     * Hands every published event to {@code sink} in order, after the definitions queued
     * before them. Waits up to {@code spinNanos} for a claimed slot whose owner has not
     * published it yet (an owner preempted between claim and publish), then stops there.
     * One consumer at a time: callers synchronise ({@link TraceWriter} does; tests drain directly).
     *
     * @return the number of events drained
     */
    public int drain(Sink sink, long spinNanos) {
        long t = (long) TAIL.getOpaque(this);
        long h = (long) HEAD.getVolatile(this);
        List<Object> defs;
        synchronized (definitions) {
            defs = pendingDefinitions.isEmpty() ? List.of() : new ArrayList<>(pendingDefinitions);
            pendingDefinitions.clear();
        }
        // definitions first: any event published before this point that uses one was recorded after it was queued
        for (Object d : defs) {
            sink.definition(d);
        }
        int n = 0;
        long deadline = 0;
        for (; t < h; t++) {
            int b = (int) (t & mask) * STRIDE;
            long word = (long) SLOT.getAcquire(slots, b);
            while ((word >>> 8) != t || (word & 0xff) == 0) {
                if (deadline == 0) {
                    deadline = System.nanoTime() + spinNanos;
                } else if (System.nanoTime() > deadline) {
                    TAIL.setRelease(this, t);
                    reportDrops(sink);
                    return n;
                }
                Thread.onSpinWait();
                word = (long) SLOT.getAcquire(slots, b);
            }
            EventKind kind = EventKind.ofTag((int) (word & 0xff));
            sink.event(kind, t, (int) slots[b + 1], slots[b + 2], slots, b + HEADER_WORDS);
            n++;
            if ((n & 255) == 0) {
                TAIL.setRelease(this, t + 1);
            }
        }
        TAIL.setRelease(this, t);
        reportDrops(sink);
        return n;
    }

    private void reportDrops(Sink sink) {
        long d = (long) DROPPED.getVolatile(this);
        if (d != droppedReported) {
            sink.dropped(d - droppedReported);
            droppedReported = d;
        }
    }

    /** Events claimed so far (the next sequence number). */
    public long recorded() {
        return (long) HEAD.getVolatile(this);
    }

    public long dropped() {
        return (long) DROPPED.getVolatile(this);
    }

    /** From now on every event is ignored (after Finalize, or when the trace file failed). */
    void close() {
        closed = true;
    }
}
