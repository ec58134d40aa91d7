package org.mpiguard.core.trace;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.collective.CollectiveKind;

/**
 * Where application threads record their MPI events, without allocating and without
 * blocking: one call per event, handed to the {@link EventStore} (in a run the
 * memory-mapped file the thread writes itself, {@link MappedEvents}; in tests and tools
 * the ring a consumer drains, {@link TraceRing}). The program's window accesses are
 * merged into runs per thread first ({@link AccessRuns}).
 *
 * <p>Definitions (signatures of derived types, sets of ranks) are rare: they are interned
 * under a lock and given to the store before their id is returned, so before any event
 * carrying the id is recorded.
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
    private static final int SEND = EventKind.SEND.tag();
    private static final int RECV = EventKind.RECV.tag();
    private static final int COMPLETE = EventKind.COMPLETE.tag();
    private static final int PROBE = EventKind.PROBE.tag();
    private static final int COLLECTIVE = EventKind.COLLECTIVE.tag();
    private static final int RMA = EventKind.RMA.tag();
    private static final int RMA_SYNC = EventKind.RMA_SYNC.tag();
    private static final int ACCESS = EventKind.ACCESS.tag();
    private static final int REQUEST = EventKind.REQUEST.tag();
    private static final int HANDLE = EventKind.HANDLE.tag();
    private static final int STATUS_READ = EventKind.STATUS_READ.tag();
    private static final int FINALIZE = EventKind.FINALIZE.tag();

    private final EventStore store;
    private volatile boolean closed;

    /**
     * Whether any thread has merged window accesses (a plain field: a thread that has runs
     * wrote it itself, so it always sees it); until then an event costs no thread-local look-up.
     */
    private boolean runsOpen;
    /** Plain classes, not lambdas: a traced run's start-up spins no class (docs/design.md). */
    private final ThreadLocal<AccessRuns> runs = new ThreadLocal<>() {
        @Override
        protected AccessRuns initialValue() {
            return newRuns();
        }
    };
    private AccessRuns lastRuns;
    private final List<AccessRuns> allRuns = new ArrayList<>();
    private final AccessRuns.Out runOut = new AccessRuns.Out() {
        @Override
        public void access(int site, long win, long offset, long bytes, boolean store, long valueHash) {
            TraceRecorder.this.access(site, win, offset, bytes, store, valueHash);
        }

        @Override
        public void viewAccess(int site, Object view, long from, long to, boolean store, boolean hashed, long state) {
            ViewPlacer placer = viewPlacer;
            if (placer != null) {
                placer.place(TraceRecorder.this, site, view, from, to, store, hashed, state);
            }
        }
    };
    private ViewPlacer viewPlacer;

    private final DefinitionIds definitionIds;

    /** A recorder into an in-memory ring of {@code capacity} slots (a power of two), drained by {@link #drain}. */
    public TraceRecorder(int capacity) {
        this(new TraceRing(capacity));
    }

    TraceRecorder(EventStore store) {
        this.store = store;
        this.definitionIds = new DefinitionIds(store);
    }

    // ---- the recording API: one call per MPI event, no allocation ----

    public void send(int site, PointOp op, long comm, int dest, int tag, int sig, int count, long request) {
        long[] v = fields(SEND);
        if (v != null) {
            store.append(SEND, site, EventFields.put(v, op.ordinal(), comm, dest, tag, sig, count, request));
        }
    }

    /** {@code source} and {@code tag} are {@link #ANY} for {@code MPI.ANY_SOURCE} and {@code MPI.ANY_TAG}. */
    public void recv(int site, PointOp op, long comm, int source, int tag, int sig, int count, long request) {
        long[] v = fields(RECV);
        if (v != null) {
            store.append(RECV, site, EventFields.put(v, op.ordinal(), comm, source, tag, sig, count, request));
        }
    }

    /**
     * A request completed (request id), or a blocking receive returned (request 0);
     * {@code source} (world rank), {@code tag} and {@code count} (elements) from its status,
     * -1 for a send's. {@code flags}: {@link CompletionOp#CANCELLED}, {@link CompletionOp#INACTIVE}.
     */
    public void complete(int site, CompletionOp op, long request, int source, int tag, int count, int flags) {
        long[] v = fields(COMPLETE);
        if (v != null) {
            store.append(COMPLETE, site, EventFields.put(v, op.ordinal(), request, source, tag, count, flags));
        }
    }

    public void probe(int site, ProbeOp op, long comm, int source, int tag, boolean found, int matchedSource,
                      int matchedTag, int count) {
        long[] v = fields(PROBE);
        if (v != null) {
            store.append(PROBE, site, EventFields.put(v, op.ordinal(), comm, source, tag, found ? 1 : 0, matchedSource,
                    matchedTag, count));
        }
    }

    /** {@code root} as a world rank, -1 for unrooted operations; {@code request} 0 when blocking. */
    public void collective(int site, CollectiveKind kind, boolean nonblocking, long comm, long ring, int root,
                           int reduceOp, int sendSig, int sendCount, int recvSig, int recvCount, long request) {
        long[] v = fields(COLLECTIVE);
        if (v != null) {
            store.append(COLLECTIVE, site, EventFields.put(v, collectiveOp(kind, nonblocking), comm, ring, root,
                    reduceOp, sendSig, sendCount, recvSig, recvCount, request));
        }
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
        long[] v = fields(RMA);
        if (v != null) {
            store.append(RMA, site, EventFields.put(v, op.ordinal(), win, target, disp, count, sig, originCount,
                    originSig, reduceOp, request, valueHash, opKind.ordinal()));
        }
    }

    /** {@code target} -1 where the call names none; {@code rankSet} from {@link #defineRanks} for post and start. */
    public void rmaSync(int site, RmaSyncOp op, long win, int target, int lockType, int assertion, int rankSet) {
        long[] v = fields(RMA_SYNC);
        if (v != null) {
            store.append(RMA_SYNC, site, EventFields.put(v, op.ordinal(), win, target, lockType, assertion, rankSet));
        }
    }

    /** One load or store of this rank's window memory, as one event (see {@link #localAccess} for the program's). */
    public void access(int site, long win, long offset, long bytes, boolean store, long valueHash) {
        long[] v = fields(ACCESS);
        if (v != null) {
            this.store.append(ACCESS, site, EventFields.put(v, win, offset, bytes, store ? 1 : 0, valueHash));
        }
    }

    /**
     * The program's load or store of {@code [offset, offset + bytes)} of its window {@code win}:
     * merged with the same site's other accesses of the thread into runs ({@link AccessRuns}),
     * written before the thread's next event. {@code valueState}: a store's bytes as a
     * {@link ValueHash} state ({@code hashed} false when not known). Returns the run that took
     * it, which the caller may widen itself with the same site's next accesses until it is
     * written ({@link AccessRun#takes}), or null when the trace is closed.
     */
    public AccessRun localAccess(int site, long win, long offset, long bytes, boolean store, long valueState,
                                 boolean hashed) {
        AccessRuns mine = runsOfCaller();
        return mine == null ? null : mine.add(site, win, null, offset, bytes, store, valueState, hashed, runOut);
    }

    /**
     * As {@link #localAccess}, of the bytes {@code [from, from + bytes)} of buffer {@code view}
     * (counted from its element 0; {@code valueState} in the platform's byte order, as every
     * run over a buffer's bytes is hashed): the {@link ViewPlacer} places the run in the
     * traced windows when it is written.
     */
    public AccessRun localViewAccess(int site, Object view, long from, long bytes, boolean store, long valueState,
                                     boolean hashed) {
        AccessRuns mine = runsOfCaller();
        return mine == null ? null : mine.add(site, 0, view, from, bytes, store, valueState, hashed, runOut);
    }

    /** Places the runs over buffers' bytes ({@link AccessRun#view}) in the traced windows when they are written. */
    public interface ViewPlacer {
        /**
         * Writes, through {@link TraceRecorder#access}, the part of bytes {@code [from, to)} of
         * {@code view} that lies in a traced window; a store run's value state, if
         * {@code hashed}, is in the platform's byte order.
         */
        void place(TraceRecorder recorder, int site, Object view, long from, long to, boolean store, boolean hashed,
                   long state);
    }

    /** Who places runs over buffers' bytes (the buffer watch, which knows buffers' addresses and the windows). */
    public void placeViewsWith(ViewPlacer placer) {
        viewPlacer = placer;
    }

    /**
     * The calling thread's runs of window accesses, for a caller that opens and widens them
     * itself ({@link AccessRuns#acquire}, {@link AccessRun#reopen}); null when the trace is
     * closed. From now on the thread's runs are written before its next event.
     */
    public AccessRuns runsOfCaller() {
        if (closed) {
            return null;
        }
        if (!runsOpen) {
            runsOpen = true; // written once: a store per access would share the writer thread's cache lines
        }
        return mine();
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
        long[] v = fields(REQUEST);
        if (v != null) {
            store.append(REQUEST, site, EventFields.put(v, op.ordinal(), request));
        }
    }

    /**
     * A handle made or freed ({@link HandleKind#CREATE}, {@link HandleKind#FREE}); {@code identity}
     * is what other ranks know it by (a communicator's or window's identity), {@code rankSet} its
     * members, {@code size} and {@code dispUnit} a window's.
     */
    public void handle(int site, int op, HandleKind kind, long handle, long identity, int rankSet, long size,
                       int dispUnit) {
        long[] v = fields(HANDLE);
        if (v != null) {
            store.append(HANDLE, site, EventFields.put(v, op, kind.ordinal(), handle, identity, rankSet, size,
                    dispUnit));
        }
    }

    /** {@code Status.getSource()} ({@link #STATUS_SOURCE}) or {@code getTag()} ({@link #STATUS_TAG}) was called. */
    public void statusRead(int site, int field, int source, int tag) {
        long[] v = fields(STATUS_READ);
        if (v != null) {
            store.append(STATUS_READ, site, EventFields.put(v, field, source, tag));
        }
    }

    public void finalizeCalled(int site) {
        flushAccesses();
        long[] v = fields(FINALIZE);
        if (v != null) {
            store.append(FINALIZE, site, v);
        }
    }

    // ---- definitions: rare, under a lock ({@link DefinitionIds}) ----

    /** The id of a derived type's signature, the same for equal signatures. */
    public int defineSignature(int[] codes, long[] reps, long size, long extent) {
        return definitionIds.signature(codes, reps, size, extent);
    }

    /** The id of a set of world ranks (a group's members), the same for equal sets. */
    public int defineRanks(int[] worldRanks) {
        return definitionIds.ranks(worldRanks);
    }

    /** A set of world ranks as the trace defines it. */
    public record RankSet(int id, int[] ranks) {
    }

    // ---- the hot path ----

    /**
     * Where the calling thread writes the fields of its next event of record tag {@code tag}
     * (the kind's fields in order, each 4-byte one from an {@code int}, so stored as it will be
     * read), which it then appends; null when the trace is closed. The thread's window accesses
     * are written first, so the array is free until the event is appended.
     */
    private long[] fields(int tag) {
        if (closed) {
            return null;
        }
        if (runsOpen) {
            flushMine(tag); // out of line: this method stays small enough to inline (JitDirectives)
        }
        return store.fields();
    }

    /** The calling thread's accesses before its next event (not an access) keep their place: written now. */
    private void flushMine(int tag) {
        if (tag == ACCESS) {
            return;
        }
        AccessRuns mine = mine();
        if (mine.hasUnwritten()) {
            mine.flush(runOut);
        }
    }

    // ---- the consumer side (the ring of format version 1) ----

    /** What a drain does with each slot and definition (the {@link TraceEncoder}). */
    public interface Sink {
        void definition(Object signatureOrRankSet);

        /** {@code slot} and {@code base}: the kind's fields are at {@code base + 3 ...}. */
        void event(EventKind kind, long seq, int site, long thread, long[] slot, int base);

        void dropped(long count);
    }

    /**
     * Hands every published event of the ring to {@code sink} in order, after the definitions
     * queued before them. Waits up to {@code spinNanos} for a claimed slot whose owner has not
     * published it yet (an owner preempted between claim and publish), then stops there.
     * One consumer at a time. Only for a recorder made with a ring ({@link #TraceRecorder(int)}).
     *
     * @return the number of events drained
     */
    public int drain(Sink sink, long spinNanos) {
        return ((TraceRing) store).drain(sink, spinNanos);
    }

    /** Events recorded so far, kept or not (the next sequence number). */
    public long recorded() {
        return store.recorded();
    }

    public long dropped() {
        return store.dropped();
    }

    /** From now on every event is ignored (after Finalize, or when the trace file failed). */
    void close() {
        closed = true;
    }
}
