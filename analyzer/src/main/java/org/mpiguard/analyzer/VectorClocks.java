package org.mpiguard.analyzer;

/**
 * Every rank's vector clock during a happens-before replay: {@code known(r, q)} is how many of
 * rank q's events happen before rank r's current point. A rank's clock is shared by the sends
 * that keep it (copy on write: the copy is made at the rank's next change, and only if a send
 * holds it), so what is kept is bounded by the messages in flight. Both replays
 * ({@link HappensBefore}, {@link StreamReplay}) keep their clocks here.
 */
final class VectorClocks {

    private final int worldSize;
    private final int[][] known;
    private final boolean[] shared;

    VectorClocks(int worldSize) {
        this.worldSize = worldSize;
        this.known = new int[worldSize][worldSize];
        this.shared = new boolean[worldSize];
    }

    int known(int rank, int of) {
        return known[rank][of];
    }

    /** Rank {@code r}'s clock for a send to keep until its receive joins it: not to be written. */
    int[] share(int r) {
        shared[r] = true;
        return known[r];
    }

    /** A copy of rank {@code r}'s clock that counts its own first {@code events} events (a PSCW post's or complete's). */
    int[] snapshot(int r, int events) {
        int[] clock = known[r].clone();
        clock[r] = Math.max(clock[r], events);
        return clock;
    }

    /** Merges rank {@code r}'s clock, its first {@code events} events counted, into a collective's {@code into}. */
    void contribute(int r, int events, int[] into) {
        int[] mine = known[r];
        for (int k = 0; k < worldSize; k++) {
            into[k] = Math.max(into[k], mine[k]);
        }
        into[r] = Math.max(into[r], events);
    }

    /** Rank {@code r} learns everything {@code other} knows. */
    void join(int r, int[] other) {
        int[] mine = writable(r);
        for (int k = 0; k < worldSize; k++) {
            if (other[k] > mine[k]) {
                mine[k] = other[k];
            }
        }
    }

    /** Rank {@code r} learns that the first {@code value} events of {@code component} happened before it. */
    void raise(int r, int component, int value) {
        if (known[r][component] < value) {
            writable(r)[component] = value;
        }
    }

    private int[] writable(int r) {
        if (shared[r]) {
            known[r] = known[r].clone();
            shared[r] = false;
        }
        return known[r];
    }
}
