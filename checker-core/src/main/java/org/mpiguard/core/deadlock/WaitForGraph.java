package org.mpiguard.core.deadlock;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.activity.WaitKind;

/**
 * The AND-OR wait-for graph over one snapshot of every rank (MUST's model).
 *
 * <p>A rank can still progress if it is running, or if one of its blocked threads can be
 * released: an OR wait by any candidate that can progress, an AND wait by all of them.
 * Finished and exited ranks release nobody; ranks that did not answer are assumed able
 * to progress, so they are never blamed. A point-to-point call is also released by a
 * peer blocked in the call that matches it ({@link PeerMatching}). The least fixpoint of
 * "can progress" leaves exactly the ranks that no future event can release: those are
 * deadlocked.
 */
public final class WaitForGraph {

    private WaitForGraph() {
    }

    /** Deadlocked world ranks in ascending order; empty if every rank can still progress. */
    public static List<Integer> deadlocked(RankStatus[] byRank) {
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

    /**
     * Ranks that keep polling for something no rank can ever provide, with every rank
     * that waits on them: the graph in which each polling thread counts as blocked in
     * what it polls for. Empty if no polling rank is stuck in it.
     */
    public static List<Integer> livelocked(RankStatus[] byRank) {
        RankStatus[] asBlocked = new RankStatus[byRank.length];
        boolean anyPolling = false;
        for (int r = 0; r < byRank.length; r++) {
            RankStatus s = byRank[r];
            asBlocked[r] = s;
            if (s == null || s.state() != RankState.RUNNING || s.threads().isEmpty()) {
                continue;
            }
            boolean polling = false;
            boolean allWaiting = true;
            List<ThreadStatus> threads = new ArrayList<>(s.threads().size());
            for (ThreadStatus t : s.threads()) {
                polling |= t.polling();
                allWaiting &= t.polling() || t.blocked();
                threads.add(t.polling() ? t.asBlocked() : t);
            }
            if (polling && allWaiting) {
                asBlocked[r] = new RankStatus(r, RankState.BLOCKED, s.progress(), threads, s.heldLocks(),
                        s.collectivesEntered());
                anyPolling = true;
            }
        }
        if (!anyPolling) {
            return List.of();
        }
        List<Integer> stuck = deadlocked(asBlocked);
        for (int r : stuck) {
            if (byRank[r].state() == RankState.RUNNING) {
                return stuck;
            }
        }
        return List.of();
    }

    private static boolean releasable(RankStatus[] byRank, int rank, ThreadStatus t, boolean[] canProgress) {
        if (t.kind() == WaitKind.LOCK) {
            return lockReleasable(byRank, rank, t, canProgress);
        }
        if (t.envelopes().known()) {
            return PeerMatching.releasable(byRank, rank, t, canProgress);
        }
        if (t.anyOf()) {
            for (int c : t.waitsFor()) {
                if (inRange(c, canProgress) && canProgress[c]) {
                    return true;
                }
            }
            return false;
        }
        for (int c : t.waitsFor()) {
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
        for (int c : t.waitsFor()) {
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

    /** Ranks other than {@code rank} holding a lock that conflicts with what {@code t} waits for. */
    public static List<Integer> lockHolders(RankStatus[] byRank, int rank, ThreadStatus t) {
        List<Integer> holders = new ArrayList<>();
        String key = t.commKey();
        if (t.kind() != WaitKind.LOCK || key.length() < 3) {
            return holders;
        }
        String resource = key.substring(0, key.length() - 2);
        for (int r = 0; r < byRank.length; r++) {
            if (r != rank && byRank[r] != null && byRank[r].holdsConflicting(resource, key.endsWith(":E"))) {
                holders.add(r);
            }
        }
        return holders;
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
}
