package org.mpiguard.core.deadlock;

/**
 * When a thread blocked in point-to-point calls can be released: a half of its call
 * completes if the peer can progress, or if the peer is blocked right now in a call that
 * matches it (a receive or probe that accepts the send, a send that the receive accepts).
 * Two ranks blocked in matching calls are not deadlocked however long both wait: a
 * rendezvous transfer in flight, or a sendRecv pair, completes by itself.
 *
 * <p>A matching call releases its peer even when it would in fact match an earlier
 * message: then that call completes instead and its rank progresses, which the graph
 * would grant anyway. Matching only ever adds releases, so it can hide a deadlock but
 * never invent one.
 */
final class PeerMatching {

    private PeerMatching() {
    }

    /**
     * Whether the point-to-point call of {@code t} on {@code rank} can complete. A sendRecv
     * needs only one of its halves to be able to complete: while the thread is still in the
     * call either half may be done already (an eager send, a message that arrived first),
     * and the snapshot cannot tell which, so only both halves stuck make it stuck.
     */
    static boolean releasable(RankStatus[] byRank, int rank, ThreadStatus t, boolean[] canProgress) {
        Envelopes e = t.envelopes();
        return (e.sends() && sendCanComplete(byRank, rank, e, canProgress))
                || (e.receives() && receiveCanComplete(byRank, rank, t, canProgress));
    }

    private static boolean sendCanComplete(RankStatus[] byRank, int rank, Envelopes e, boolean[] canProgress) {
        int dest = e.dest();
        if (dest < 0 || dest >= byRank.length) {
            return true; // a peer the snapshot does not cover is never blamed
        }
        if (canProgress[dest]) {
            return true;
        }
        RankStatus receiver = byRank[dest];
        if (receiver == null) {
            return true;
        }
        for (ThreadStatus o : receiver.threads()) {
            if (o.envelopes().acceptsFrom(rank, e, dest)) {
                return true;
            }
        }
        return false;
    }

    private static boolean receiveCanComplete(RankStatus[] byRank, int rank, ThreadStatus t, boolean[] canProgress) {
        Envelopes e = t.envelopes();
        int source = e.source();
        if (source != Envelopes.ANY) {
            return source < 0 || source >= byRank.length || senderCanComplete(byRank, source, rank, e, canProgress);
        }
        // ANY_SOURCE: any member of the communicator, or another thread of this rank
        if (senderCanComplete(byRank, rank, rank, e, canProgress)) {
            return true;
        }
        for (int c : t.waitsFor()) {
            if (c >= 0 && c < byRank.length && senderCanComplete(byRank, c, rank, e, canProgress)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code sender} can progress or is sending what {@code receiver}'s call accepts. */
    private static boolean senderCanComplete(RankStatus[] byRank, int sender, int receiver, Envelopes e,
            boolean[] canProgress) {
        if (canProgress[sender] || byRank[sender] == null) {
            return true;
        }
        for (ThreadStatus o : byRank[sender].threads()) {
            if (e.acceptsFrom(sender, o.envelopes(), receiver)) {
                return true;
            }
        }
        return false;
    }
}
