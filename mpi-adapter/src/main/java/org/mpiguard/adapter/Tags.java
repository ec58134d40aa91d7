package org.mpiguard.adapter;

/** Tags of the checker's own messages on its private communicator. */
final class Tags {
    /** rank to coordinator: my threads have been blocked longer than the timeout. */
    static final int SUSPECT = 1;
    /** coordinator to rank: send me your status for round N. */
    static final int SNAPSHOT_REQUEST = 2;
    /** rank to coordinator: round N and my status. */
    static final int STATUS = 3;
    /** rank to coordinator: I am in MPI.Finalize (with my status). */
    static final int FINISHED = 4;
    /** coordinator to rank: everyone is in Finalize; stop using MPI. */
    static final int ALL_FINISHED = 5;
    /** rank to coordinator: I am leaving without Finalize (with my status). */
    static final int EXITED = 6;
    /** coordinator to rank: an error finding was made and the job is about to abort. */
    static final int VERDICT = 7;
    /** rank to its left neighbour on a communicator's ring: a batch of my collective calls. */
    static final int COLLECTIVES = 8;

    private Tags() {
    }
}
