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
 * primitive queues, so pairing and comparing allocate nothing until a mismatch.
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
        return add(shape, seq, true);
    }

    /** One of the right neighbour's calls. */
    public Mismatch addNeighbour(CollectiveCall shape, long seq) {
        return add(shape, seq, false);
    }

    public Mismatch addOwn(CollectiveCall call) {
        return add(call, call.seq(), true);
    }

    public Mismatch addNeighbour(CollectiveCall call) {
        return add(call, call.seq(), false);
    }

    /** Unpaired calls held, for tests and for the memory bound. */
    public int pending() {
        int n = 0;
        for (Pair p : byComm.values()) {
            n += p.mine.size() + p.theirs.size();
        }
        return n;
    }

    private Mismatch add(CollectiveCall shape, long seq, boolean own) {
        Pair pair = byShape.get(shape);
        if (pair == null) {
            pair = byComm.computeIfAbsent(shape.commId(), id -> new Pair());
            if (byShape.size() > 4 * MAX_PENDING) {
                byShape.clear();
            }
            byShape.put(shape, pair);
        }
        if (pair.done) {
            return null;
        }
        (own ? pair.mine : pair.theirs).add(shape, seq);
        while (!pair.mine.isEmpty() && !pair.theirs.isEmpty()) {
            long m = pair.mine.firstSeq();
            long t = pair.theirs.firstSeq();
            if (m < t) {
                pair.mine.removeFirst();
            } else if (t < m) {
                pair.theirs.removeFirst();
            } else {
                CollectiveCall mine = pair.mine.firstShape();
                CollectiveCall theirs = pair.theirs.firstShape();
                pair.mine.removeFirst();
                pair.theirs.removeFirst();
                String reason = CollectiveMatcher.mismatch(mine, theirs, names);
                if (reason != null) {
                    pair.done = true;
                    pair.mine.clear();
                    pair.theirs.clear();
                    return new Mismatch(CollectiveCodec.numbered(mine, m), CollectiveCodec.numbered(theirs, m), reason);
                }
            }
        }
        return null;
    }

    private static final class Pair {
        final Queue mine = new Queue();
        final Queue theirs = new Queue();
        boolean done;
    }

    /** A bounded FIFO of (shape, number) that grows from small and drops its oldest when full. */
    private static final class Queue {
        private CollectiveCall[] shapes = new CollectiveCall[16];
        private long[] seqs = new long[16];
        private int head;
        private int size;

        boolean isEmpty() {
            return size == 0;
        }

        int size() {
            return size;
        }

        long firstSeq() {
            return seqs[head];
        }

        CollectiveCall firstShape() {
            return shapes[head];
        }

        void clear() {
            while (size > 0) {
                removeFirst();
            }
        }

        void removeFirst() {
            shapes[head] = null;
            head = (head + 1) & (shapes.length - 1);
            size--;
        }

        void add(CollectiveCall shape, long seq) {
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
            size++;
        }

        private void grow() {
            CollectiveCall[] s = new CollectiveCall[shapes.length * 2];
            long[] q = new long[seqs.length * 2];
            for (int i = 0; i < size; i++) {
                int from = (head + i) & (shapes.length - 1);
                s[i] = shapes[from];
                q[i] = seqs[from];
            }
            shapes = s;
            seqs = q;
            head = 0;
        }
    }
}
