package org.mpiguard.core.collective;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The watchdog's side of the ring: this rank's own collective calls and its right
 * neighbour's, per communicator, paired by number as they arrive from either side. Only
 * the first mismatch per communicator is returned (later ones follow from it). Each
 * queue is bounded; a call that lost its partner (dropped on a full log) is skipped.
 */
public final class RingComparer {

    /** Unpaired calls kept per communicator and side; beyond, the oldest are dropped. */
    static final int MAX_PENDING = 1 << 16;

    /** Two calls that cannot be one collective, and why. */
    public record Mismatch(CollectiveCall mine, CollectiveCall theirs, String reason) {
    }

    private final CollectiveCall.CodeNames names;
    private final Map<Long, Pair> byComm = new HashMap<>();
    private final Set<Long> reported = new HashSet<>();

    public RingComparer(CollectiveCall.CodeNames names) {
        this.names = names;
    }

    public Mismatch addOwn(CollectiveCall call) {
        return add(call, true);
    }

    public Mismatch addNeighbour(CollectiveCall call) {
        return add(call, false);
    }

    /** Unpaired calls held, for tests and for the memory bound. */
    public int pending() {
        int n = 0;
        for (Pair p : byComm.values()) {
            n += p.mine.size() + p.theirs.size();
        }
        return n;
    }

    private Mismatch add(CollectiveCall call, boolean own) {
        if (reported.contains(call.commId())) {
            return null;
        }
        Pair pair = byComm.computeIfAbsent(call.commId(), id -> new Pair());
        ArrayDeque<CollectiveCall> side = own ? pair.mine : pair.theirs;
        if (side.size() >= MAX_PENDING) {
            side.pollFirst();
        }
        side.addLast(call);
        while (!pair.mine.isEmpty() && !pair.theirs.isEmpty()) {
            CollectiveCall m = pair.mine.peekFirst();
            CollectiveCall t = pair.theirs.peekFirst();
            if (m.seq() < t.seq()) {
                pair.mine.pollFirst();
            } else if (t.seq() < m.seq()) {
                pair.theirs.pollFirst();
            } else {
                pair.mine.pollFirst();
                pair.theirs.pollFirst();
                String reason = CollectiveMatcher.mismatch(m, t, names);
                if (reason != null) {
                    reported.add(call.commId());
                    byComm.remove(call.commId());
                    return new Mismatch(m, t, reason);
                }
            }
        }
        if (pair.mine.isEmpty() && pair.theirs.isEmpty()) {
            byComm.remove(call.commId());
        }
        return null;
    }

    private static final class Pair {
        final ArrayDeque<CollectiveCall> mine = new ArrayDeque<>();
        final ArrayDeque<CollectiveCall> theirs = new ArrayDeque<>();
    }
}
