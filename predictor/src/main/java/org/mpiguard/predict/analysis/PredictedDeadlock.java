package org.mpiguard.predict.analysis;

import java.util.List;

/**
 * A deadlock the observed run escaped, proved by a witness that replays.
 *
 * @param standing per rank, the blocking action it stands at after the witness (null: done)
 * @param stuck    every rank blocked for good in that state, the cycle's ranks among them
 * @param similar  how many more cycles lead to the same calls or the same deadlocked state
 * @param changed  the witness's matches where a wildcard receive takes another message than
 *                 in the run (or one the trace did not know): empty when the run's own
 *                 matches deadlock. The trace program is one path of the program; on another
 *                 message the program may call otherwise, so such a deadlock is unconfirmed.
 */
public record PredictedDeadlock(Witness witness, List<Act> standing, List<Integer> stuck, int similar,
                                List<Event.Match> changed) {

    public PredictedDeadlock {
        standing = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(standing));
        stuck = List.copyOf(stuck);
        changed = List.copyOf(changed);
    }

    public List<Act> deadlockActions() {
        return witness.candidate();
    }

    /** True when the run's own matches deadlock: nothing but the schedule (or the buffering) differs. */
    public boolean confirmedByMatches() {
        return changed.isEmpty();
    }
}
