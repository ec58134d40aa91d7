package org.mpiguard.core.collective;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The watchdog's side of the ring: this rank's own collective calls and its right
 * neighbour's, per communicator, paired by number as they arrive from either side. Only
 * the first mismatch per communicator is returned (later ones follow from it). Each
 * queue is bounded; a call that lost its partner (dropped on a full log) is skipped.
 *
 * <p>A call is held as its shape (shared by every call of a loop) and its number in
 * primitive queues, so pairing and comparing allocate nothing until a mismatch; calls of
 * one shape with consecutive numbers are held, paired and compared as one run.
 */
public final class RingComparer {

    /** Unpaired calls kept per communicator and side; beyond, the oldest are dropped. */
    static final int MAX_PENDING = 1 << 16;

    /** Two calls that cannot be one collective, and why. */
    public record Mismatch(CollectiveCall mine, CollectiveCall theirs, String reason) {
    }

    private final CollectiveCall.CodeNames names;
    /** Per communicator; a reported one keeps its (emptied) pair, marked done. */
    private final Map<Long, Pair> byComm = new HashMap<>();
    /** Shapes are interned, so the communicator's queues are found without boxing its id. */
    private final Map<CollectiveCall, Pair> byShape = new IdentityHashMap<>();

    public RingComparer(CollectiveCall.CodeNames names) {
        this.names = names;
    }

    /** One of this rank's calls: {@code shape} with its number {@code seq}. */
    public Mismatch addOwn(CollectiveCall shape, long seq) {
        return add(shape, seq, 1, true);
    }

    /** One of the right neighbour's calls. */
    public Mismatch addNeighbour(CollectiveCall shape, long seq) {
        return add(shape, seq, 1, false);
    }

    /** A run of this rank's calls: {@code calls} calls of {@code shape} numbered {@code firstSeq} on. */
    public Mismatch addOwn(CollectiveCall shape, long firstSeq, int calls) {
        return add(shape, firstSeq, calls, true);
    }

    /** A run of the right neighbour's calls. */
    public Mismatch addNeighbour(CollectiveCall shape, long firstSeq, int calls) {
        return add(shape, firstSeq, calls, false);
    }

    public Mismatch addOwn(CollectiveCall call) {
        return add(call, call.seq(), 1, true);
    }

    public Mismatch addNeighbour(CollectiveCall call) {
        return add(call, call.seq(), 1, false);
    }

    /** Unpaired calls held, for tests and for the memory bound. */
    public long pending() {
        long n = 0;
        for (Pair p : byComm.values()) {
            n += p.mine.calls() + p.theirs.calls();
        }
        return n;
    }

    /**
     * Pairs the heads of both queues by number: a call without a partner (the other side
     * dropped it) is skipped; where both hold the same numbers, the overlap of the two head
     * runs has one shape on each side, so one comparison covers all of it, and a loop's
     * shapes compared once are not compared again.
     */
    private Mismatch add(CollectiveCall shape, long seq, int calls, boolean own) {
        if (calls <= 0) {
            return null;
        }
        Pair pair = byShape.get(shape);
        if (pair == null) {
            pair = byComm.get(shape.commId());
            if (pair == null) {
                pair = new Pair();
                byComm.put(shape.commId(), pair);
            }
            if (byShape.size() > 4 * MAX_PENDING) {
                byShape.clear();
            }
            byShape.put(shape, pair);
        }
        if (pair.done) {
            return null;
        }
        (own ? pair.mine : pair.theirs).add(shape, seq, calls);
        while (!pair.mine.isEmpty() && !pair.theirs.isEmpty()) {
            long m = pair.mine.firstSeq();
            long t = pair.theirs.firstSeq();
            if (m < t) {
                pair.mine.skip((int) Math.min(t - m, pair.mine.firstCalls()));
            } else if (t < m) {
                pair.theirs.skip((int) Math.min(m - t, pair.theirs.firstCalls()));
            } else {
                CollectiveCall mine = pair.mine.firstShape();
                CollectiveCall theirs = pair.theirs.firstShape();
                int overlap = Math.min(pair.mine.firstCalls(), pair.theirs.firstCalls());
                pair.mine.skip(overlap);
                pair.theirs.skip(overlap);
                if (mine == pair.agreedMine && theirs == pair.agreedTheirs) {
                    continue;
                }
                String reason = CollectiveMatcher.mismatch(mine, theirs, names);
                if (reason != null) {
                    pair.done = true;
                    pair.mine.clear();
                    pair.theirs.clear();
                    return new Mismatch(CollectiveCodec.numbered(mine, m), CollectiveCodec.numbered(theirs, m), reason);
                }
                pair.agreedMine = mine;
                pair.agreedTheirs = theirs;
            }
        }
        return null;
    }

    private static final class Pair {
        final Queue mine = new Queue();
        final Queue theirs = new Queue();
        /** The last two shapes found to agree: a loop's next calls pair them again. */
        CollectiveCall agreedMine;
        CollectiveCall agreedTheirs;
        boolean done;
    }

    /**
     * A bounded FIFO of runs (shape, first number, calls) that grows from small and drops
     * its oldest run when full; a call that continues the last run only lengthens it.
     */
    private static final class Queue {
        private CollectiveCall[] shapes = new CollectiveCall[16];
        private long[] seqs = new long[16];
        private int[] counts = new int[16];
        private int head;
        private int size;
        private long calls;

        boolean isEmpty() {
            return size == 0;
        }

        long calls() {
            return calls;
        }

        long firstSeq() {
            return seqs[head];
        }

        int firstCalls() {
            return counts[head];
        }

        CollectiveCall firstShape() {
            return shapes[head];
        }

        void clear() {
            while (size > 0) {
                removeFirst();
            }
        }

        /** Consumes {@code n} calls (at most the head run's) from the front. */
        void skip(int n) {
            if (n >= counts[head]) {
                removeFirst();
                return;
            }
            seqs[head] += n;
            counts[head] -= n;
            calls -= n;
        }

        private void removeFirst() {
            calls -= counts[head];
            shapes[head] = null;
            head = (head + 1) & (shapes.length - 1);
            size--;
        }

        void add(CollectiveCall shape, long seq, int n) {
            if (size > 0) {
                int last = (head + size - 1) & (shapes.length - 1);
                if (shapes[last] == shape && seqs[last] + counts[last] == seq && counts[last] <= Integer.MAX_VALUE - n) {
                    counts[last] += n;
                    calls += n;
                    return;
                }
            }
            if (size == shapes.length) {
                if (size >= MAX_PENDING) {
                    removeFirst();
                } else {
                    grow();
                }
            }
            int slot = (head + size) & (shapes.length - 1);
            shapes[slot] = shape;
            seqs[slot] = seq;
            counts[slot] = n;
            size++;
            calls += n;
        }

        private void grow() {
            CollectiveCall[] s = new CollectiveCall[shapes.length * 2];
            long[] q = new long[seqs.length * 2];
            int[] c = new int[counts.length * 2];
            for (int i = 0; i < size; i++) {
                int from = (head + i) & (shapes.length - 1);
                s[i] = shapes[from];
                q[i] = seqs[from];
                c[i] = counts[from];
            }
            shapes = s;
            seqs = q;
            counts = c;
            head = 0;
        }
    }
}
