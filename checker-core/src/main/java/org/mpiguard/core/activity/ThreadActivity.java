package org.mpiguard.core.activity;

/**
 * The MPI state of one application thread, written by that thread on every blocking
 * call and read by the watchdog. Writes are plain stores bracketed by a sequence
 * counter (a seqlock): the counter is odd while the thread updates the fields, and it
 * only ever grows, so an unchanged even counter across two reads means the thread has
 * made no MPI progress in between. Nothing here allocates.
 */
public final class ThreadActivity {

    /** Marker for "no peer recorded". */
    public static final int NO_PEER = Integer.MIN_VALUE;

    private final Thread thread;
    private volatile long seq;
    private WaitKind kind = WaitKind.NONE;
    private int site;
    private Object comm;
    private int peer = NO_PEER;
    private int secondPeer = NO_PEER;
    private int tag;
    private int lastSite;

    ThreadActivity(Thread thread) {
        this.thread = thread;
    }

    public Thread thread() {
        return thread;
    }

    /** Called by the owning thread just before it enters a blocking MPI call. */
    public void enter(WaitKind kind, int site, Object comm, int peer, int secondPeer, int tag) {
        long s = seq;
        seq = s + 1;
        this.kind = kind;
        this.site = site;
        this.comm = comm;
        this.peer = peer;
        this.secondPeer = secondPeer;
        this.tag = tag;
        this.lastSite = site;
        seq = s + 2;
    }

    /** Called by the owning thread when the blocking call returns, normally or not. */
    public void exit() {
        long s = seq;
        seq = s + 1;
        this.kind = WaitKind.NONE;
        this.comm = null;
        seq = s + 2;
    }

    /**
     * Copies a consistent view into {@code into}; returns false when the owner kept
     * writing for all the retries (the caller treats the thread as running).
     */
    public boolean read(Snapshot into) {
        for (int attempt = 0; attempt < 64; attempt++) {
            long before = seq;
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
            int last = lastSite;
            if (seq == before) {
                into.set(before, k, s, c, p, p2, t, last);
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
        public int lastSite;

        void set(long seq, WaitKind kind, int site, Object comm, int peer, int secondPeer, int tag, int lastSite) {
            this.seq = seq;
            this.kind = kind;
            this.site = site;
            this.comm = comm;
            this.peer = peer;
            this.secondPeer = secondPeer;
            this.tag = tag;
            this.lastSite = lastSite;
        }
    }
}
