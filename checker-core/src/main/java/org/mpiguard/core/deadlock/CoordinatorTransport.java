package org.mpiguard.core.deadlock;

import org.mpiguard.core.report.Finding;

/**
 * What rank 0's {@link Coordinator} asks of the world around it: in the checker, the
 * watchdog over MPI; in tests, a recorder.
 */
public interface CoordinatorTransport {

    /**
     * Asks {@code rank} for its status; the answer comes back through {@link Coordinator#onStatus}.
     * {@code sample}: the round may end in a finding, so the threads' stacks are wanted too.
     */
    void requestStatus(int rank, int round, boolean sample);

    /** Rank 0's own status now, with its threads' stacks if {@code sample}. */
    RankStatus localStatus(boolean sample);

    /** A confirmed stall (ranks waiting long for a rank that runs outside MPI): a warning. */
    void stall(Finding finding);

    /** Every rank has finished: the other watchdogs may stop. */
    void releaseAll();

    /** A confirmed deadlock: report it, then end the job or tell the others, as on-error says. */
    void deadlock(Finding finding);

    /** A confirmed livelock: a warning, the job goes on. */
    void livelock(Finding finding);
}
