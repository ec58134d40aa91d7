package org.mpiguard.predict.analysis;

import java.util.List;

/**
 * A deadlock the observed run escaped, proved by a witness that replays.
 *
 * @param similar how many more candidates at the same call sites were found feasible (or not checked)
 */
public record PredictedDeadlock(Witness witness, int similar) {

    public List<Act> deadlockActions() {
        return witness.candidate();
    }
}
