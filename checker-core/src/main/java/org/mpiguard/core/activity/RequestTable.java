package org.mpiguard.core.activity;

/**
 * What each outstanding nonblocking request waits for (a send to, a receive from, a
 * collective on), so a thread that later waits on it can be placed in the wait-for graph.
 * A fixed table indexed by the request's identity hash: recording allocates nothing and
 * memory is bounded; a newer request may overwrite an older one in its slot, and a
 * request not found is treated as releasable by anyone, which can hide a deadlock but
 * never invent one.
 */
public final class RequestTable {

    static final int SIZE = 1 << 12;
    private static final int MASK = SIZE - 1;
    private static final int STRIPES = 16;

    private static final Object[] REQUESTS = new Object[SIZE];
    private static final WaitKind[] KINDS = new WaitKind[SIZE];
    private static final Object[] COMMS = new Object[SIZE];
    private static final int[] PEERS = new int[SIZE];
    private static final int[] TAGS = new int[SIZE];
    private static final Object[] LOCKS = new Object[STRIPES];

    static {
        for (int i = 0; i < STRIPES; i++) {
            LOCKS[i] = new Object();
        }
    }

    private RequestTable() {
    }

    /** Records that {@code request} is a {@code kind} on {@code comm} with {@code peer} and {@code tag}. */
    public static void put(Object request, WaitKind kind, Object comm, int peer, int tag) {
        if (request == null) {
            return;
        }
        int slot = System.identityHashCode(request) & MASK;
        synchronized (LOCKS[slot & (STRIPES - 1)]) {
            REQUESTS[slot] = request;
            KINDS[slot] = kind;
            COMMS[slot] = comm;
            PEERS[slot] = peer;
            TAGS[slot] = tag;
        }
    }

    /** Copies what {@code request} waits for into {@code into}; false if it is not known. */
    public static boolean lookup(Object request, Entry into) {
        if (request == null) {
            return false;
        }
        int slot = System.identityHashCode(request) & MASK;
        synchronized (LOCKS[slot & (STRIPES - 1)]) {
            if (REQUESTS[slot] != request) {
                return false;
            }
            into.kind = KINDS[slot];
            into.comm = COMMS[slot];
            into.peer = PEERS[slot];
            into.tag = TAGS[slot];
            return true;
        }
    }

    /** A reusable copy of one entry. */
    public static final class Entry {
        public WaitKind kind;
        public Object comm;
        public int peer;
        public int tag;
    }
}
