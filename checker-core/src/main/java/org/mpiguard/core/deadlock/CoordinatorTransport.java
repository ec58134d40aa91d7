package org.mpiguard.core.deadlock;

import org.mpiguard.core.report.Finding;

/**
 * What rank 0's {@link Coordinator} asks of the world around it: in the checker, the
 * watchdog over MPI; in tests, a recorder.
 */
public interface CoordinatorTransport {

    /** Asks {@code rank} for its status; the answer comes back through {@link Coordinator#onStatus}. */
    void requestStatus(int rank, int round);

    /** Rank 0's own status now. */
    RankStatus localStatus();

    /** Every rank has finished: the other watchdogs may stop. */
    void releaseAll();

    /** A confirmed deadlock: report it, then end the job or tell the others, as on-error says. */
    void deadlock(Finding finding);

    /** A confirmed livelock: a warning, the job goes on. */
    void livelock(Finding finding);
}
