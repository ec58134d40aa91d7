package org.mpiguard.predict.model;

import java.util.List;

/**
 * The concurrent trace program of one observed run: per rank, the sequence of actions it
 * issued, the collective groups, and what the model could not represent (its limits, said
 * in every verdict). Built by {@link TraceProgramBuilder}; immutable.
 */
public final class TraceProgram {

    /** {@code ANY_SOURCE} or {@code ANY_TAG} in a receive. */
    public static final int ANY = -1;
    /** The communicator number of {@code MPI.COMM_WORLD}. */
    public static final int WORLD = 0;

    private final List<List<Action>> ranks;
    private final List<BarrierGroup> groups;
    private final List<String> limits;

    TraceProgram(List<List<Action>> ranks, List<BarrierGroup> groups, List<String> limits) {
        this.ranks = ranks.stream().map(List::copyOf).toList();
        this.groups = List.copyOf(groups);
        this.limits = List.copyOf(limits);
    }

    public static TraceProgramBuilder builder(int worldSize) {
        return new TraceProgramBuilder(worldSize);
    }

    public int size() {
        return ranks.size();
    }

    public List<Action> rank(int r) {
        return ranks.get(r);
    }

    public BarrierGroup group(int id) {
        return groups.get(id);
    }

    public List<BarrierGroup> groups() {
        return groups;
    }

    /** What the model leaves out, one sentence each; empty when it represents the whole run. */
    public List<String> limits() {
        return limits;
    }

    public int actionCount() {
        int n = 0;
        for (List<Action> r : ranks) {
            n += r.size();
        }
        return n;
    }
}
