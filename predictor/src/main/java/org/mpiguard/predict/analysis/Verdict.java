package org.mpiguard.predict.analysis;

import java.util.List;

/**
 * What the analysis concluded for one buffering setting, with the limits of the model said.
 *
 * @param complete false when a bound (search budget, report cap, first-only) stopped it early
 */
public record Verdict(Buffering buffering, List<PredictedDeadlock> deadlocks, List<String> limits, Stats stats,
                      boolean complete) {

    public Verdict {
        deadlocks = List.copyOf(deadlocks);
        limits = List.copyOf(limits);
    }

    public boolean deadlockFree() {
        return deadlocks.isEmpty();
    }

    /** Sizes and counts of each stage, for the benchmark and the note. */
    public record Stats(int actions, int matchPairs, int nodes, int edges, int candidates, int filtered,
                        int solverCalls, int infeasible, long nanos) {
    }
}
