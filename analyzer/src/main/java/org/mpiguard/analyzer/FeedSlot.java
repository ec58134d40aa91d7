package org.mpiguard.analyzer;

import org.mpiguard.core.trace.EventBuffer;
import org.mpiguard.core.trace.TraceEvent;

/**
 * One event of a rank read ahead of the replay, with what the rank's own events (read so
 * far) say of it: the message it sent, the receive it completed, the collective it called
 * or completed, its RMA epoch and the event that completes it, its part in PSCW. A feed
 * keeps its slots and fills them again ({@link #hold}), the event too ({@link #event}): one is
 * made per event a feed holds at most, not per event read.
 */
final class FeedSlot {
    /** {@link #completion} of an event that is not an RMA operation or window access. */
    static final int NOT_RMA = -1;

    /** The slot's event, written by the stream: reused, so nothing may keep it past {@link #empty}. */
    final EventBuffer event = new EventBuffer();
    int index;
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

    /** Holds event {@code index} of its rank, just read into {@link #event}, nothing said of it yet. */
    TraceEvent hold(int index) {
        this.index = index;
        return event;
    }

    /** Replayed: forgets everything said of its event (the buffer is filled again by a later one). */
    void empty() {
        send = null;
        received = null;
        collective = null;
        completesCollective = null;
        completion = NOT_RMA;
        mode = 0;
        rmaOperation = false;
        role = null;
        win = 0;
        group = null;
        arrived = false;
        snapshotTaken = false;
    }
}
