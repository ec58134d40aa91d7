package org.mpiguard.core.deadlock;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.activity.WaitKind;

/**
 * The wait-for graph's fixpoint as it was computed before {@link ProgressFixpoint}: sweeps
 * over every rank until nothing changes, each rule applied rank by rank. Slow (a chain of n
 * waits takes n sweeps) but plain; the randomized test holds the fast one to its answers.
 */
final class SweepReference {

    private SweepReference() {
    }

    /** Deadlocked world ranks in ascending order; empty if every rank can still progress. */
    static List<Integer> deadlocked(RankStatus[] byRank) {
        int n = byRank.length;
        boolean[] canProgress = new boolean[n];
        for (int r = 0; r < n; r++) {
            RankState state = byRank[r] == null ? RankState.UNKNOWN : byRank[r].state();
            canProgress[r] = state == RankState.RUNNING || state == RankState.UNKNOWN;
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int r = 0; r < n; r++) {
                if (!canProgress[r] && byRank[r].state() == RankState.BLOCKED && releasable(byRank, r, canProgress)) {
                    canProgress[r] = true;
                    changed = true;
                }
            }
        }
        List<Integer> stuck = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            if (!canProgress[r] && byRank[r].state() == RankState.BLOCKED) {
                stuck.add(r);
            }
        }
        return stuck;
    }

    private static boolean releasable(RankStatus[] byRank, int rank, boolean[] canProgress) {
        for (ThreadStatus t : byRank[rank].threads()) {
            if (t.blocked() && t.kind() != WaitKind.FINALIZE && releasable(byRank, rank, t, canProgress)) {
                return true;
            }
        }
        return false;
    }

    private static boolean releasable(RankStatus[] byRank, int rank, ThreadStatus t, boolean[] canProgress) {
        if (t.kind() == WaitKind.LOCK) {
            return lockReleasable(byRank, rank, t, canProgress);
        }
        if (t.envelopes().known()) {
            return p2pReleasable(byRank, rank, t, canProgress);
        }
        if (t.anyOf()) {
            for (int c : t.waitsFor().toArray()) {
                if (inRange(c, canProgress) && canProgress[c]) {
                    return true;
                }
            }
            return false;
        }
        for (int c : t.waitsFor().toArray()) {
            if (!inRange(c, canProgress)) {
                continue;
            }
            boolean satisfied = canProgress[c]
                    || (t.kind() == WaitKind.COLLECTIVE && c != rank
                        && (inSameCollective(byRank[c], t) || enteredAlready(byRank[c], t)));
            if (!satisfied) {
                return false;
            }
        }
        return true;
    }

    /**
     * A lock (or the unlock that completes it) is granted once the target progresses and
     * every conflicting holder lets go; as holders are known only by what ranks said, any
     * one of them progressing may be the release, so it is OR (never a false finding).
     */
    private static boolean lockReleasable(RankStatus[] byRank, int rank, ThreadStatus t, boolean[] canProgress) {
        for (int c : t.waitsFor().toArray()) {
            if (inRange(c, canProgress) && canProgress[c]) {
                return true;
            }
        }
        String key = t.commKey();
        if (key.length() < 3) {
            return true;
        }
        String resource = key.substring(0, key.length() - 2);
        boolean exclusive = key.endsWith(":E");
        for (int r = 0; r < byRank.length; r++) {
            if (r != rank && byRank[r] != null && canProgress[r] && byRank[r].holdsConflicting(resource, exclusive)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A member already waiting in the same collective (same communicator, same number) is
     * not what holds it up.
     */
    private static boolean inSameCollective(RankStatus other, ThreadStatus t) {
        if (other == null || other.state() != RankState.BLOCKED) {
            return false;
        }
        for (ThreadStatus o : other.threads()) {
            if (o.kind() == WaitKind.COLLECTIVE && o.commKey().equals(t.commKey())) {
                return true;
            }
        }
        return false;
    }

    /**
     * A member that has entered this collective already (it may have left it: bcast,
     * reduce and the nonblocking ones need not synchronise) has done its part.
     */
    private static boolean enteredAlready(RankStatus other, ThreadStatus t) {
        String key = t.commKey();
        int hash = key.lastIndexOf('#');
        if (other == null || hash < 0) {
            return false;
        }
        try {
            long seq = Long.parseLong(key.substring(hash + 1));
            return seq > 0 && other.entered(key.substring(0, hash), seq);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean inRange(int rank, boolean[] canProgress) {
        return rank >= 0 && rank < canProgress.length;
    }
    /**
     * Whether the point-to-point call of {@code t} on {@code rank} can complete. A sendRecv
     * needs only one of its halves to be able to complete: while the thread is still in the
     * call either half may be done already (an eager send, a message that arrived first),
     * and the snapshot cannot tell which, so only both halves stuck make it stuck.
     */
    private static boolean p2pReleasable(RankStatus[] byRank, int rank, ThreadStatus t, boolean[] canProgress) {
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
        for (int c : t.waitsFor().toArray()) {
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
