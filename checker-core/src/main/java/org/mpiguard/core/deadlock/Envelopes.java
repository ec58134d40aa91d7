package org.mpiguard.core.deadlock;

/**
 * The halves of a blocked point-to-point call (send, receive, probe, sendRecv, or a wait
 * on one such request), in world ranks, so the wait-for graph can tell a peer that will
 * match the call from one that merely cannot progress: two ranks blocked in calls that
 * match each other are not deadlocked, whatever else they wait for.
 *
 * @param dest    world rank the call sends to, or {@link #NONE} if it sends nothing (or to
 *                {@code MPI.PROC_NULL}, which completes at once)
 * @param sendTag tag of what it sends
 * @param source  world rank it receives (or probes) from, {@link #ANY} for {@code ANY_SOURCE},
 *                or {@link #NONE} if it receives nothing (or from {@code MPI.PROC_NULL})
 * @param recvTag tag it receives, {@link #ANY} for {@code ANY_TAG}
 * @param comm    the communicator's key, equal on every rank for the same communicator
 */
public record Envelopes(int dest, int sendTag, int source, int recvTag, String comm) {

    /** No such half. */
    public static final int NONE = Integer.MIN_VALUE;
    /** {@code ANY_SOURCE} or {@code ANY_TAG}: world ranks and real tags are never negative. */
    public static final int ANY = -1;
    /** Not a point-to-point call, or one whose peers are unknown: the graph judges it by its waitsFor. */
    public static final Envelopes ABSENT = new Envelopes(NONE, 0, NONE, 0, "");

    public static Envelopes send(int dest, int tag, String comm) {
        return new Envelopes(dest, tag, NONE, 0, comm);
    }

    public static Envelopes receive(int source, int tag, String comm) {
        return new Envelopes(NONE, 0, source, tag, comm);
    }

    public boolean sends() {
        return dest != NONE;
    }

    public boolean receives() {
        return source != NONE;
    }

    /** Whether the graph can match this call against its peers' calls. */
    public boolean known() {
        return sends() || receives();
    }

    /** Whether what {@code sender} sends to {@code receiverRank} fits this call's receive half. */
    public boolean acceptsFrom(int senderRank, Envelopes sender, int receiverRank) {
        return receives() && sender.sends() && sender.dest == receiverRank && comm.equals(sender.comm)
                && (source == ANY || source == senderRank) && (recvTag == ANY || recvTag == sender.sendTag);
    }
}
