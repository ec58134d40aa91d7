package org.mpiguard.predict.analysis;

import java.util.List;

/**
 * A deadlock the observed run escaped, proved by a witness that replays.
 *
 * @param standing per rank, the blocking action it stands at after the witness (null: done)
 * @param stuck    every rank blocked for good in that state, the cycle's ranks among them
 * @param similar  how many more cycles lead to the same calls or the same deadlocked state
 */
public record PredictedDeadlock(Witness witness, List<Act> standing, List<Integer> stuck, int similar) {

    public PredictedDeadlock {
        standing = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(standing));
        stuck = List.copyOf(stuck);
    }

    public List<Act> deadlockActions() {
        return witness.candidate();
    }
}
