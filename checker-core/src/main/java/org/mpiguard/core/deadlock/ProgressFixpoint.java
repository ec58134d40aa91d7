package org.mpiguard.core.deadlock;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.activity.WaitKind;

/**
 * The least fixpoint of "can progress" over one snapshot ({@link WaitForGraph}'s rules), in
 * time about linear in the job: each blocked rank is judged once, then again only when a rank
 * it waits for starts to progress (a worklist, not sweeps over every rank until nothing
 * changes, which a chain of 65,536 receives needs 65,536 of). A rank waits on the few ranks
 * of its point-to-point call directly; a collective through its {@link CollectiveGroups}
 * group; a wait on more than {@link #WIDE} ranks (ANY_SOURCE, untracked waits) is judged
 * again after each wave of releases, by word-wide bit scans.
 */
final class ProgressFixpoint {

    /** Waits on more ranks than this are judged by scans rather than watched rank by rank. */
    static final int WIDE = 64;

    private final RankStatus[] byRank;
    private final int n;
    private final boolean[] can;
    private final BitSet canBits = new BitSet();
    private final BitSet watched = new BitSet();
    private final BitSet wideSet = new BitSet();
    private final List<Integer> wide = new ArrayList<>();
    private final int[] released;
    private int releasedCount;
    private int processed;
    private boolean releasedSinceScan = true;
    /** Watches: for each rank, a list (head, next) of ranks (>= 0) or groups (-id - 1) to judge again. */
    private final int[] head;
    private int[] next = new int[256];
    private int[] target = new int[256];
    private int edges;
    private final CollectiveGroups groups;
    private Map<Integer, List<Integer>> sendersTo;
    private int[] lockHolders;

    ProgressFixpoint(RankStatus[] byRank) {
        this.byRank = byRank;
        this.n = byRank.length;
        this.can = new boolean[n];
        this.released = new int[n];
        this.head = new int[n];
        Arrays.fill(head, -1);
        this.groups = new CollectiveGroups(byRank);
    }

    /** Deadlocked ranks in ascending order. */
    List<Integer> deadlocked() {
        for (int r = 0; r < n; r++) {
            RankState state = byRank[r] == null ? RankState.UNKNOWN : byRank[r].state();
            if (state == RankState.RUNNING || state == RankState.UNKNOWN) {
                can[r] = true;
                canBits.set(r);
            }
        }
        for (int r = 0; r < n; r++) {
            judgeIfPending(r);
        }
        while (true) {
            drain();
            if (!releasedSinceScan) {
                break;
            }
            releasedSinceScan = false;
            for (int i = 0; i < wide.size(); i++) {
                judgeIfPending(wide.get(i));
            }
        }
        List<Integer> stuck = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            if (pending(r)) {
                stuck.add(r);
            }
        }
        return stuck;
    }

    private boolean pending(int r) {
        return !can[r] && byRank[r] != null && byRank[r].state() == RankState.BLOCKED;
    }

    private void drain() {
        while (processed < releasedCount) {
            int x = released[processed++];
            for (int e = head[x]; e >= 0; e = next[e]) {
                int t = target[e];
                if (t >= 0) {
                    judgeIfPending(t);
                } else {
                    wake(groups.get(-t - 1));
                }
            }
        }
    }

    private void wake(CollectiveGroups.Group g) {
        if (g.allCan(can)) {
            for (int m : g.members) {
                judgeIfPending(m);
            }
        } else {
            watch(g.blocker(), -g.id - 1);
        }
    }

    private void judgeIfPending(int r) {
        if (!pending(r)) {
            return;
        }
        boolean first = !watched.get(r);
        watched.set(r);
        for (ThreadStatus t : byRank[r].threads()) {
            if (t.blocked() && t.kind() != WaitKind.FINALIZE && releasable(r, t, first)) {
                can[r] = true;
                canBits.set(r);
                released[releasedCount++] = r;
                releasedSinceScan = true;
                return;
            }
        }
    }

    private void watch(int on, int who) {
        if (edges == next.length) {
            next = Arrays.copyOf(next, edges * 2);
            target = Arrays.copyOf(target, edges * 2);
        }
        target[edges] = who;
        next[edges] = head[on];
        head[on] = edges++;
    }

    /** Judges again when any of {@code ranks} (or, for a wide list, any rank) starts to progress. */
    private void watchAll(int r, RankRuns ranks, int extra) {
        if (ranks.size() + extra > WIDE) {
            if (!wideSet.get(r)) {
                wideSet.set(r);
                wide.add(r);
            }
            return;
        }
        for (int c : ranks.toArray()) {
            if (c >= 0 && c < n && !can[c]) {
                watch(c, r);
            }
        }
    }

    private void watchOne(int r, int c) {
        if (c >= 0 && c < n && !can[c]) {
            watch(c, r);
        }
    }

    private boolean releasable(int r, ThreadStatus t, boolean register) {
        if (t.kind() == WaitKind.LOCK) {
            return lockReleasable(r, t, register);
        }
        Envelopes e = t.envelopes();
        if (e.known()) {
            boolean ok = (e.sends() && sendCanComplete(r, e)) || (e.receives() && receiveCanComplete(r, t));
            if (!ok && register) {
                if (e.sends()) {
                    watchOne(r, e.dest());
                }
                if (e.receives() && e.source() != Envelopes.ANY) {
                    watchOne(r, e.source());
                } else if (e.receives()) {
                    watchAll(r, t.waitsFor(), 0);
                }
            }
            return ok;
        }
        RankRuns w = t.waitsFor();
        if (t.anyOf()) {
            if (w.anyIn(canBits, n)) {
                return true;
            }
        } else if (t.kind() == WaitKind.COLLECTIVE) {
            CollectiveGroups.Group g = groups.of(r, t);
            if (g.allCan(can)) {
                return true;
            }
            if (register) {
                g.members.add(r);
                if (!g.watching) {
                    g.watching = true;
                    watch(g.blocker(), -g.id - 1);
                }
            }
            return false;
        } else if (allCan(w)) {
            return true;
        }
        if (register) {
            watchAll(r, w, 0);
        }
        return false;
    }

    /** Every rank of {@code w} within range can progress (an AND wait). */
    private boolean allCan(RankRuns w) {
        for (int run = 0; run < w.runs(); run++) {
            int from = Math.max(0, w.start(run));
            long to = Math.min((long) w.start(run) + w.length(run), n);
            if (from < to && canBits.nextClearBit(from) < to) {
                return false;
            }
        }
        return true;
    }

    private boolean sendCanComplete(int rank, Envelopes e) {
        int dest = e.dest();
        if (dest < 0 || dest >= n || can[dest] || byRank[dest] == null) {
            return true; // a peer the snapshot does not cover is never blamed
        }
        return PeerMatching.accepts(byRank[dest], rank, e, dest);
    }

    private boolean receiveCanComplete(int rank, ThreadStatus t) {
        Envelopes e = t.envelopes();
        int source = e.source();
        if (source != Envelopes.ANY) {
            return source < 0 || source >= n || senderCanComplete(source, rank, e);
        }
        // ANY_SOURCE: any member of the communicator, or another thread of this rank
        if (senderCanComplete(rank, rank, e) || t.waitsFor().anyIn(canBits, n)) {
            return true;
        }
        for (int sender : sendersTo().getOrDefault(rank, List.of())) {
            if (t.waitsFor().contains(sender) && PeerMatching.sends(byRank[sender], sender, e, rank)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code sender} can progress or is sending what {@code receiver}'s call accepts. */
    private boolean senderCanComplete(int sender, int receiver, Envelopes e) {
        return can[sender] || byRank[sender] == null || PeerMatching.sends(byRank[sender], sender, e, receiver);
    }

    /** For each rank, the ranks with a thread sending to it: where an ANY_SOURCE receive looks for a match. */
    private Map<Integer, List<Integer>> sendersTo() {
        if (sendersTo == null) {
            sendersTo = new HashMap<>();
            for (int r = 0; r < n; r++) {
                if (byRank[r] == null) {
                    continue;
                }
                for (ThreadStatus o : byRank[r].threads()) {
                    int dest = o.envelopes().dest();
                    if (o.envelopes().sends() && dest >= 0 && dest < n) {
                        List<Integer> senders = sendersTo.get(dest); // no lambda: rounds link no call site
                        if (senders == null) {
                            senders = new ArrayList<>();
                            sendersTo.put(dest, senders);
                        }
                        if (senders.isEmpty() || senders.get(senders.size() - 1) != r) {
                            senders.add(r);
                        }
                    }
                }
            }
        }
        return sendersTo;
    }

    /**
     * A lock (or the unlock that completes it) is granted once the target progresses and
     * every conflicting holder lets go; as holders are known only by what ranks said, any
     * one of them progressing may be the release, so it is OR (never a false finding).
     */
    private boolean lockReleasable(int rank, ThreadStatus t, boolean register) {
        if (t.waitsFor().anyIn(canBits, n)) {
            return true;
        }
        String key = t.commKey();
        if (key.length() < 3) {
            return true;
        }
        String resource = key.substring(0, key.length() - 2);
        boolean exclusive = key.endsWith(":E");
        int[] holders = lockHolders();
        for (int r : holders) {
            if (r != rank && can[r] && byRank[r].holdsConflicting(resource, exclusive)) {
                return true;
            }
        }
        if (register) {
            watchAll(rank, t.waitsFor(), holders.length);
            if (t.waitsFor().size() + holders.length <= WIDE) {
                for (int r : holders) {
                    watchOne(rank, r);
                }
            }
        }
        return false;
    }

    /** Ranks holding any window lock. */
    private int[] lockHolders() {
        if (lockHolders == null) {
            int[] holders = new int[n];
            int count = 0;
            for (int r = 0; r < n; r++) {
                if (byRank[r] != null && !byRank[r].heldLocks().isEmpty()) {
                    holders[count++] = r;
                }
            }
            lockHolders = java.util.Arrays.copyOf(holders, count);
        }
        return lockHolders;
    }
}
