package org.mpiguard.predict.analysis;

import java.util.List;

/** One step of a witness schedule, at the time the solver gave it. */
public sealed interface Event permits Event.Match, Event.WaitDone, Event.BarrierDone {

    long time();

    /** A receive takes a send's message. */
    record Match(Act send, Act recv, long time) implements Event {
    }

    /** A wait returns: its request was matched (or, for a buffered send, needed nothing). */
    record WaitDone(Act waitAction, long time) implements Event {
    }

    /** Every member of a barrier group has arrived; all leave together. */
    record BarrierDone(int group, List<Act> members, long time) implements Event {
    }
}
