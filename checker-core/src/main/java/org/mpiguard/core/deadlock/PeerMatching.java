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
 * never invent one. A sendRecv needs only one of its halves to be able to complete: while
 * the thread is still in the call either half may be done already (an eager send, a message
 * that arrived first), and the snapshot cannot tell which, so only both halves stuck make it
 * stuck. An ANY_SOURCE receive is released by any member of its communicator, or by another
 * thread of its own rank. The rules are applied by {@link ProgressFixpoint}.
 */
final class PeerMatching {

    private PeerMatching() {
    }

    /** Whether one of {@code receiver}'s calls accepts what {@code rank} sends ({@code e}) to {@code dest}. */
    static boolean accepts(RankStatus receiver, int rank, Envelopes e, int dest) {
        for (ThreadStatus o : receiver.threads()) {
            if (o.envelopes().acceptsFrom(rank, e, dest)) {
                return true;
            }
        }
        return false;
    }

    /** Whether one of {@code sender}'s calls sends what {@code receiver}'s call ({@code e}) accepts. */
    static boolean sends(RankStatus sender, int senderRank, Envelopes e, int receiver) {
        for (ThreadStatus o : sender.threads()) {
            if (e.acceptsFrom(senderRank, o.envelopes(), receiver)) {
                return true;
            }
        }
        return false;
    }
}
