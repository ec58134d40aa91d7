package org.mpiguard.core.activity;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The MPI state of one application thread, written by that thread on every blocking
 * call and read by the watchdog. Writes are plain stores bracketed by a sequence
 * counter (a seqlock): the counter is odd while the thread updates the fields, and it
 * only ever grows, so an unchanged even counter across two reads means the thread has
 * made no MPI progress in between. Nothing here allocates, and the writer needs only
 * store-store ordering (no full fence): the odd counter is published before the fields,
 * the fields before the even counter, as in {@link java.util.concurrent.locks.StampedLock}.
 *
 * <p>The writer's side is plain stores between {@code VarHandle}'s static fences
 * ({@link #beginUpdate}, {@link #endUpdate}): on x86 they emit no instruction, only keep the
 * compiler from moving or merging the stores. Every blocking call inlines an enter and an
 * exit into its trampoline; written with a {@code VarHandle} of the counter, each access
 * brought its guard methods along (some 1.8 kB of the 4.3 kB of bytecode C2 parsed for a
 * {@code sendRecv}, and a chain of method-handle frames while the trampoline still runs
 * interpreted). The watchdog, which reads, keeps the {@code VarHandle}: it is not hot.
 */
public final class ThreadActivity {

    /** Marker for "no peer recorded". */
    public static final int NO_PEER = Integer.MIN_VALUE;

    private static final VarHandle SEQ;

    static {
        try {
            SEQ = MethodHandles.lookup().findVarHandle(ThreadActivity.class, "seq", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Thread thread;
    /** Written by the owner only, with plain stores between fences; read by the watchdog through {@link #SEQ}. */
    private long seq;
    private WaitKind kind = WaitKind.NONE;
    private int site;
    private Object comm;
    private int peer = NO_PEER;
    private int secondPeer = NO_PEER;
    private int tag;
    /** The receive tag of a sendRecv (whose send tag is {@code tag}). */
    private int secondTag;
    private int lastSite;
    // polling (test, testAll, testAny, iProbe): the current episode, ended by success or by a blocking call
    private int pollSite;
    private WaitKind pollKind = WaitKind.NONE;
    private Object pollTarget;
    private int pollPeer;
    private int pollTag;
    private long pollSinceNanos;
    private volatile long lastPollNanos;
    /** Made by the owner at its first collective; read by the watchdog. */
    private volatile org.mpiguard.core.collective.CollectiveLog collectiveLog;

    ThreadActivity(Thread thread) {
        this.thread = thread;
    }

    /** The activity counter: changes on every enter, exit and new poll episode. */
    public long progress() {
        return (long) SEQ.getAcquire(this);
    }

    /**
     * Opens an update: the counter odd, published before any field. The first fence keeps the
     * previous update's closing store from being merged into this one (an exit right after an
     * enter, with no call between, would otherwise leave the counter odd in memory).
     */
    private long beginUpdate() {
        long s = seq;
        VarHandle.releaseFence();
        seq = s + 1;
        VarHandle.storeStoreFence();
        return s;
    }

    /** Closes an update: the fields published before the counter is even again. */
    private void endUpdate(long s) {
        VarHandle.releaseFence();
        seq = s + 2;
    }

    public Thread thread() {
        return thread;
    }

    /** This thread's log of collective calls; by the owner thread only. */
    public org.mpiguard.core.collective.CollectiveLog collectiveLog() {
        org.mpiguard.core.collective.CollectiveLog log = collectiveLog;
        if (log == null) {
            log = new org.mpiguard.core.collective.CollectiveLog();
            collectiveLog = log;
        }
        return log;
    }

    /** The log if the thread ever called a collective, else null; for the watchdog. */
    public org.mpiguard.core.collective.CollectiveLog collectiveLogIfAny() {
        return collectiveLog;
    }

    /** Called by the owning thread just before it enters a blocking MPI call. */
    public void enter(WaitKind kind, int site, Object comm, int peer, int secondPeer, int tag) {
        enter(kind, site, comm, peer, secondPeer, tag, 0);
    }

    /** As {@link #enter(WaitKind, int, Object, int, int, int)}, for a call with a second peer and its own tag. */
    public void enter(WaitKind kind, int site, Object comm, int peer, int secondPeer, int tag, int secondTag) {
        long s = beginUpdate();
        this.kind = kind;
        this.site = site;
        this.comm = comm;
        this.peer = peer;
        this.secondPeer = secondPeer;
        this.tag = tag;
        this.secondTag = secondTag;
        this.lastSite = site;
        this.pollSite = 0;
        this.pollTarget = null;   // a blocking call ends the poll episode; keep no request array alive
        endUpdate(s);
        SerializedCalls.entered(this);
    }

    /**
     * Called by the owning thread on every poll (Request.test, testAll, testAny,
     * Comm.iProbe) that found nothing. The same poll again only refreshes its time; a
     * different one starts a new episode.
     */
    public void poll(int site, WaitKind kind, Object target, int peer, int tag) {
        long now = System.nanoTime();
        if (site == pollSite && kind == pollKind && target == pollTarget && peer == pollPeer && tag == pollTag) {
            lastPollNanos = now;
            return;
        }
        long s = beginUpdate();
        this.pollSite = site;
        this.pollKind = kind;
        this.pollTarget = target;
        this.pollPeer = peer;
        this.pollTag = tag;
        this.pollSinceNanos = now;
        this.lastSite = site;
        this.lastPollNanos = now;
        endUpdate(s);
    }

    /** A poll succeeded: the episode is over. */
    public void pollSucceeded() {
        if (pollSite == 0) {
            return;
        }
        long s = beginUpdate();
        this.pollSite = 0;
        this.pollTarget = null;
        endUpdate(s);
    }

    /** Called by the owning thread when the blocking call returns, normally or not. */
    public void exit() {
        long s = beginUpdate();
        this.kind = WaitKind.NONE;
        this.comm = null;
        endUpdate(s);
        SerializedCalls.left(this);
    }

    /**
     * Copies a consistent view into {@code into}; returns false when the owner kept
     * writing for all the retries (the caller treats the thread as running).
     */
    public boolean read(Snapshot into) {
        for (int attempt = 0; attempt < 64; attempt++) {
            long before = (long) SEQ.getAcquire(this);
            if ((before & 1) != 0) {
                Thread.onSpinWait();
                continue;
            }
            WaitKind k = kind;
            int s = site;
            Object c = comm;
            int p = peer;
            int p2 = secondPeer;
            int t = tag;
            int t2 = secondTag;
            int last = lastSite;
            int ps = pollSite;
            WaitKind pk = pollKind;
            Object pt = pollTarget;
            int pp = pollPeer;
            int ptag = pollTag;
            long since = pollSinceNanos;
            VarHandle.loadLoadFence();
            if ((long) SEQ.getOpaque(this) == before) {
                into.set(before, k, s, c, p, p2, t, t2, last);
                into.setPoll(ps, pk, pt, pp, ptag, since, lastPollNanos);
                return true;
            }
        }
        return false;
    }

    /** A mutable copy of one thread's state, reused by the watchdog. */
    public static final class Snapshot {
        public long seq;
        public WaitKind kind = WaitKind.NONE;
        public int site;
        public Object comm;
        public int peer;
        public int secondPeer;
        public int tag;
        public int secondTag;
        public int lastSite;
        /** The poll episode, if {@code pollSite != 0}. */
        public int pollSite;
        public WaitKind pollKind = WaitKind.NONE;
        public Object pollTarget;
        public int pollPeer;
        public int pollTag;
        public long pollSinceNanos;
        public long lastPollNanos;

        void setPoll(int site, WaitKind kind, Object target, int peer, int tag, long since, long last) {
            this.pollSite = site;
            this.pollKind = kind;
            this.pollTarget = target;
            this.pollPeer = peer;
            this.pollTag = tag;
            this.pollSinceNanos = since;
            this.lastPollNanos = last;
        }

        void set(long seq, WaitKind kind, int site, Object comm, int peer, int secondPeer, int tag, int secondTag,
                 int lastSite) {
            this.seq = seq;
            this.kind = kind;
            this.site = site;
            this.comm = comm;
            this.peer = peer;
            this.secondPeer = secondPeer;
            this.tag = tag;
            this.secondTag = secondTag;
            this.lastSite = lastSite;
        }
    }
}
