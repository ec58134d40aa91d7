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
 * deadlocked. A collective is released once every member can progress or is in it (or past
 * it) already; a lock once its target or any conflicting holder can progress. The fixpoint is
 * computed by {@link ProgressFixpoint} in time about linear in the job.
 */
public final class WaitForGraph {

    private WaitForGraph() {
    }

    /** Deadlocked world ranks in ascending order; empty if every rank can still progress. */
    public static List<Integer> deadlocked(RankStatus[] byRank) {
        return new ProgressFixpoint(byRank).deadlocked();
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
}
