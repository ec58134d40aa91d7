package org.mpiguard.analyzer;

/**
 * Sees every event of the run once, in the order the happens-before replay applies them
 * (an order the run could have had: an event comes after everything that happens before
 * it), with its rank's vector clock at that event. The RMA conflict check rides on it.
 */
public interface ReplayObserver {

    /** Sees nothing (a class, not a lambda: the end-of-run analysis links no call site at Finalize). */
    ReplayObserver NONE = new ReplayObserver() {
        @Override
        public void visit(int rank, int index, Clocks clocks) {
        }
    };

    /** Event {@code index} of {@code rank} was just applied. */
    void visit(int rank, int index, Clocks clocks);

    /**
     * A start of {@code origin} (event {@code startIndex}, at {@code startSite}) matched the post of
     * {@code target} (event {@code postIndex}, at {@code postSite}), told before the start takes the
     * post's clock: {@code ordered} when the origin already knew the post; each side's
     * MPI.MODE_NOCHECK as asserted.
     */
    default void startMatched(int origin, int startIndex, int startSite, boolean startNoCheck, int target,
                              int postIndex, int postSite, boolean postNoCheck, boolean ordered) {
    }

    /** The replay's vector clocks, read-only. */
    interface Clocks {
        /** How many of rank {@code of}'s events happen before the current point of {@code rank}. */
        int known(int rank, int of);

        /** True when the replay has applied every event of {@code rank}. */
        boolean finished(int rank);

        int worldSize();
    }
}
