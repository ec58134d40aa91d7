package org.mpiguard.predict.analysis;

import java.util.List;

/**
 * A schedule that reaches the deadlock: the events in order, after which every rank of the
 * candidate stands at its deadlock action and nothing left in the program can release it.
 */
public record Witness(List<Act> candidate, List<Event> events) {

    public Witness {
        candidate = List.copyOf(candidate);
        events = List.copyOf(events);
    }
}
