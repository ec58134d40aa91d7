package org.mpiguard.analyzer;

import org.mpiguard.core.trace.TraceEvent;

/**
 * One event of a rank read ahead of the replay, with what the rank's own events (read so
 * far) say of it: the message it sent, the receive it completed, the collective it called
 * or completed, its RMA epoch and the event that completes it, its part in PSCW.
 */
final class FeedSlot {
    /** {@link #completion} of an event that is not an RMA operation or window access. */
    static final int NOT_RMA = -1;

    final int index;
    final TraceEvent event;
    SendEvent send;
    RecvEvent received;
    CollectiveEvent collective;
    CollectiveEvent completesCollective;
    /** For an RMA operation or access: the event after which it is complete at its target ({@code Access.NEVER} until known). */
    int completion = NOT_RMA;
    byte mode;
    boolean rmaOperation;
    SyncEdges.Role role;
    long win;
    int[] group;
    /** The replay's own marks: the collective arrival and the PSCW snapshot are made once, however often it waits. */
    boolean arrived;
    boolean snapshotTaken;

    FeedSlot(int index, TraceEvent event) {
        this.index = index;
        this.event = event;
    }
}
