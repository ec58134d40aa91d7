package org.mpiguard.core.deadlock;

/** What a rank is doing when the watchdogs take a snapshot. */
public enum RankState {
    /** At least one of its MPI threads is outside any blocking call. */
    RUNNING,
    /** Every MPI thread is inside a blocking call. */
    BLOCKED,
    /** Inside MPI.Finalize, waiting for the others: satisfies nobody. */
    FINISHED,
    /** Left without MPI.Finalize: satisfies nobody. */
    EXITED,
    /** Did not answer the snapshot; treated as able to progress, so never blamed. */
    UNKNOWN;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
