package org.mpiguard.core.deadlock;

import java.util.Arrays;
import java.util.BitSet;

/**
 * A list of world ranks held as runs of consecutive ascending ranks, in their order: a
 * collective on COMM_WORLD waits for every other rank, which is two runs rather than
 * 65,535 ints, so a snapshot of every rank costs rank 0 memory and bytes in proportion to
 * the job, not to its square. Immutable.
 */
public final class RankRuns {

    public static final RankRuns EMPTY = new RankRuns(new int[0], new int[0], 0);

    private final int[] starts;
    private final int[] lengths;
    private final int size;

    private RankRuns(int[] starts, int[] lengths, int size) {
        this.starts = starts;
        this.lengths = lengths;
        this.size = size;
    }

    /** The ranks of {@code ranks}, in their order (duplicates and any order kept). */
    public static RankRuns of(int... ranks) {
        if (ranks.length == 0) {
            return EMPTY;
        }
        int runs = 1;
        for (int i = 1; i < ranks.length; i++) {
            if (ranks[i] != ranks[i - 1] + 1) {
                runs++;
            }
        }
        int[] starts = new int[runs];
        int[] lengths = new int[runs];
        int run = 0;
        starts[0] = ranks[0];
        lengths[0] = 1;
        for (int i = 1; i < ranks.length; i++) {
            if (ranks[i] == ranks[i - 1] + 1) {
                lengths[run]++;
            } else {
                run++;
                starts[run] = ranks[i];
                lengths[run] = 1;
            }
        }
        return new RankRuns(starts, lengths, ranks.length);
    }

    /** From runs as {@link #start} and {@link #length} give them (the codec's form). */
    public static RankRuns ofRuns(int[] starts, int[] lengths) {
        if (starts.length != lengths.length) {
            throw new IllegalArgumentException("runs: " + starts.length + " starts, " + lengths.length + " lengths");
        }
        long size = 0;
        for (int length : lengths) {
            if (length <= 0) {
                throw new IllegalArgumentException("run of length " + length);
            }
            size += length;
        }
        if (size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("runs of " + size + " ranks");
        }
        return size == 0 ? EMPTY : new RankRuns(starts.clone(), lengths.clone(), (int) size);
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int runs() {
        return starts.length;
    }

    public int start(int run) {
        return starts[run];
    }

    public int length(int run) {
        return lengths[run];
    }

    /** Every rank, in order; for small lists and reports (a large one costs its size). */
    public int[] toArray() {
        int[] all = new int[size];
        int i = 0;
        for (int run = 0; run < starts.length; run++) {
            for (int k = 0; k < lengths[run]; k++) {
                all[i++] = starts[run] + k;
            }
        }
        return all;
    }

    /** The first rank, or -1 if empty. */
    public int first() {
        return size == 0 ? -1 : starts[0];
    }

    public boolean contains(int rank) {
        for (int run = 0; run < starts.length; run++) {
            if (rank >= starts[run] && rank - starts[run] < lengths[run]) {
                return true;
            }
        }
        return false;
    }

    /** Whether some rank of the list, within {@code [0, limit)}, is set in {@code ranks}. */
    public boolean anyIn(BitSet ranks, int limit) {
        for (int run = 0; run < starts.length; run++) {
            int from = Math.max(0, starts[run]);
            long to = Math.min((long) starts[run] + lengths[run], limit);
            if (from < to) {
                int next = ranks.nextSetBit(from);
                if (next >= 0 && next < to) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * This list with {@code rank} added, if the runs ascend without overlap and do not hold
     * it (a collective's "every other member" plus the rank itself: its communicator);
     * null otherwise.
     */
    public RankRuns withRank(int rank) {
        int at = 0;
        for (int run = 0; run < starts.length; run++) {
            if (run > 0 && (long) starts[run - 1] + lengths[run - 1] >= starts[run]) {
                return null;
            }
            if (rank >= starts[run] && rank - starts[run] < lengths[run]) {
                return null;
            }
            if (starts[run] < rank) {
                at = run + 1;
            }
        }
        boolean joinsBefore = at > 0 && (long) starts[at - 1] + lengths[at - 1] == rank;
        boolean joinsAfter = at < starts.length && starts[at] == (long) rank + 1;
        int runs = starts.length + (joinsBefore && joinsAfter ? -1 : joinsBefore || joinsAfter ? 0 : 1);
        int[] s = new int[runs];
        int[] l = new int[runs];
        int out = 0;
        for (int run = 0; run < starts.length; run++) {
            if (run == at - 1 && joinsBefore) {
                s[out] = starts[run];
                l[out++] = lengths[run] + 1 + (joinsAfter ? lengths[run + 1] : 0);
                if (joinsAfter) {
                    run++;
                }
                continue;
            }
            if (run == at && !joinsBefore) {
                if (joinsAfter) {
                    s[out] = rank;
                    l[out++] = lengths[run] + 1;
                    continue;
                }
                s[out] = rank;
                l[out++] = 1;
            }
            s[out] = starts[run];
            l[out++] = lengths[run];
        }
        if (at == starts.length && !joinsBefore) {
            s[out] = rank;
            l[out] = 1;
        }
        return new RankRuns(s, l, size + 1);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RankRuns r && size == r.size && Arrays.equals(starts, r.starts)
                && Arrays.equals(lengths, r.lengths);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(starts) + Arrays.hashCode(lengths);
    }

    @Override
    public String toString() {
        return size <= 64 ? Arrays.toString(toArray()) : "[" + size + " ranks in " + starts.length + " runs]";
    }
}
