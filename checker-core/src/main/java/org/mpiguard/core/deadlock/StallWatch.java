package org.mpiguard.core.deadlock;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.report.Finding;

/**
 * Hangs that are no deadlock: ranks blocked, without progress, longer than the stall
 * timeout for a rank that runs outside MPI (computing, spinning, in I/O or on a Java lock),
 * or every live rank so blocked inside MPI, in collective calls the wait-for graph takes as
 * able to complete (a hang it cannot explain: the places of the waits are what can be said).
 * Part of rank 0's {@link Coordinator}, MPI-free, driven by its thread only. Confirmed by two
 * sampled snapshots (the running rank's stack in each, to show whether it moves) in which
 * the waiting ranks made no progress; the same waits are reported once, also when fewer of
 * them are seen later (the statuses of a wait that just ended arrive one rank at a time).
 */
final class StallWatch {

    private final long stallTimeoutMillis;
    private final long[] lastProgress;
    private final long[] blockedSince;
    /** Each reported wait as its rank and progress: a wait is one blocked call, whatever else waits beside it. */
    private final Set<String> reportedWaits = new HashSet<>();
    private RankStatus[] first;

    StallWatch(int size, long stallTimeoutMillis) {
        this.stallTimeoutMillis = stallTimeoutMillis;
        this.lastProgress = new long[size];
        this.blockedSince = new long[size];
        Arrays.fill(blockedSince, -1);
    }

    /** Notes since when each rank has been seen blocked without progress. */
    void observe(RankStatus[] byRank, long now) {
        for (int r = 0; r < byRank.length; r++) {
            RankStatus s = byRank[r];
            if (s.state() != RankState.BLOCKED) {
                blockedSince[r] = -1;
            } else if (blockedSince[r] < 0 || lastProgress[r] != s.progress()) {
                blockedSince[r] = now;
                lastProgress[r] = s.progress();
            }
        }
    }

    /** Whether some rank has waited past the stall timeout: the next rounds take stacks. */
    boolean nearing(long now) {
        if (stallTimeoutMillis <= 0) {
            return false;
        }
        for (long since : blockedSince) {
            if (since >= 0 && now - since >= stallTimeoutMillis) {
                return true;
            }
        }
        return false;
    }

    /** A first sample is held and awaits its second. */
    boolean pending() {
        return first != null;
    }

    /** A deadlock was seen: whatever was sampled for a stall no longer holds. */
    void forget() {
        first = null;
    }

    /** The stall finding when this snapshot confirms the first sample; null otherwise. */
    Finding confirm(RankStatus[] byRank, long now) {
        List<Integer> waiting = waiting(byRank, now);
        List<Integer> running = runningAwaited(byRank, waiting);
        boolean insideMpi = running.isEmpty() && everyLiveRankWaits(byRank, waiting);
        if (waiting.isEmpty() || (running.isEmpty() && !insideMpi) || (!insideMpi && !sampled(byRank, running))) {
            first = null;
            return null;
        }
        if (first == null || !Coordinator.unchanged(first, byRank, waiting)) {
            first = byRank;
            return null;
        }
        RankStatus[] earlier = first;
        first = null;
        boolean anyNew = false;
        for (int r : waiting) {
            anyNew |= reportedWaits.add(waitKey(r, byRank[r].progress()));
        }
        if (!anyNew) {
            return null;
        }
        return insideMpi ? StallReport.insideMpi(byRank, waiting, stallTimeoutMillis)
                : StallReport.finding(earlier, byRank, waiting, running, stallTimeoutMillis);
    }

    /**
     * Whether every rank that has not finished or left waits inside MPI past the timeout,
     * and none runs or is unknown: a hang the wait-for graph does not explain (it takes the
     * calls as able to complete), which only the places of the waits can help with.
     */
    private static boolean everyLiveRankWaits(RankStatus[] byRank, List<Integer> waiting) {
        BitSet waits = new BitSet(byRank.length);
        for (int r : waiting) {
            waits.set(r);
        }
        for (int r = 0; r < byRank.length; r++) {
            RankState state = byRank[r].state();
            boolean done = state == RankState.FINISHED || state == RankState.EXITED;
            if (!done && !(state == RankState.BLOCKED && waits.get(r) && inCollectives(byRank[r]))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether every blocked thread of the rank is in a collective call (making an
     * intercommunicator is one). A point-to-point wait the graph did not blame waits on a
     * rank outside this job (a spawned child, a connected job), which may compute for long.
     */
    private static boolean inCollectives(RankStatus s) {
        for (ThreadStatus t : s.threads()) {
            if (t.blocked() && t.kind() != WaitKind.COLLECTIVE) {
                return false;
            }
        }
        return true;
    }

    private static String waitKey(int rank, long progress) {
        return rank + ":" + progress;
    }

    private List<Integer> waiting(RankStatus[] byRank, long now) {
        List<Integer> waiting = new ArrayList<>();
        for (int r = 0; r < byRank.length; r++) {
            if (blockedSince[r] >= 0 && now - blockedSince[r] >= stallTimeoutMillis && stallTimeoutMillis > 0) {
                waiting.add(r);
            }
        }
        return waiting;
    }

    /** The running ranks some waiting rank's blocked thread waits for. */
    private static List<Integer> runningAwaited(RankStatus[] byRank, List<Integer> waiting) {
        // by word-wide scans of the running ranks: a barrier's waits list every other rank
        BitSet runningNow = new BitSet(byRank.length);
        for (int r = 0; r < byRank.length; r++) {
            if (byRank[r].state() == RankState.RUNNING) {
                runningNow.set(r);
            }
        }
        BitSet running = new BitSet(byRank.length);
        for (int r : waiting) {
            for (ThreadStatus t : byRank[r].threads()) {
                if (!t.blocked()) {
                    continue;
                }
                RankRuns peers = t.waitsFor();
                for (int run = 0; run < peers.runs(); run++) {
                    int end = (int) Math.min((long) peers.start(run) + peers.length(run), byRank.length);
                    for (int p = runningNow.nextSetBit(Math.max(0, peers.start(run))); p >= 0 && p < end;
                            p = runningNow.nextSetBit(p + 1)) {
                        running.set(p);
                    }
                }
            }
        }
        List<Integer> ranks = new ArrayList<>(running.cardinality()); // no stream: rounds link no call site
        for (int p = running.nextSetBit(0); p >= 0; p = running.nextSetBit(p + 1)) {
            ranks.add(p);
        }
        return ranks;
    }

    /** Whether every running rank's snapshot carries a stack (it was a sampled round). */
    private static boolean sampled(RankStatus[] byRank, List<Integer> running) {
        for (int r : running) {
            if (StallReport.runningThread(byRank[r]) == null) {
                return false;
            }
        }
        return true;
    }
}
