package org.mpiguard.analyzer;

/**
 * Sees every event of the run once, in the order the happens-before replay applies them
 * (an order the run could have had: an event comes after everything that happens before
 * it), with its rank's vector clock at that event. The RMA conflict check rides on it.
 */
public interface ReplayObserver {

    ReplayObserver NONE = (rank, index, clocks) -> { };

    /** Event {@code index} of {@code rank} was just applied. */
    void visit(int rank, int index, Clocks clocks);

    /** The replay's vector clocks, read-only. */
    interface Clocks {
        /** How many of rank {@code of}'s events happen before the current point of {@code rank}. */
        int known(int rank, int of);

        /** True when the replay has applied every event of {@code rank}. */
        boolean finished(int rank);

        int worldSize();
    }
}
