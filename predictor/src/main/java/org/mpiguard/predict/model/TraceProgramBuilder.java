package org.mpiguard.predict.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiguard.core.report.SiteRef;

/**
 * Builds a {@link TraceProgram} one call at a time, rank by rank, in each rank's program
 * order (ranks may be interleaved freely). This is the API the trace converter calls: one
 * method per kind of MPI call, with communicator-local ranks as the program passed them;
 * communicators other than {@code COMM_WORLD} are declared first with their world ranks.
 */
public final class TraceProgramBuilder {

    private final int worldSize;
    private final Map<Integer, int[]> communicators = new HashMap<>();
    private final List<RankTrace> ranks = new ArrayList<>();
    private final List<BarrierGroup> groups = new ArrayList<>();
    private final Map<Long, Integer> groupByCommAndOrdinal = new HashMap<>();
    private final Map<String, String> limits = new LinkedHashMap<>();

    TraceProgramBuilder(int worldSize) {
        if (worldSize < 1) {
            throw new IllegalArgumentException("a program has at least one rank: " + worldSize);
        }
        this.worldSize = worldSize;
        int[] world = new int[worldSize];
        for (int i = 0; i < worldSize; i++) {
            world[i] = i;
            ranks.add(new RankTrace(this, i));
        }
        communicators.put(TraceProgram.WORLD, world);
    }

    /** Declares communicator {@code id}: its rank i is world rank {@code worldRanks[i]}. */
    public TraceProgramBuilder communicator(int id, int... worldRanks) {
        if (communicators.putIfAbsent(id, worldRanks.clone()) != null) {
            throw new IllegalArgumentException("communicator " + id + " declared twice");
        }
        return this;
    }

    public RankTrace rank(int worldRank) {
        return ranks.get(worldRank);
    }

    public int worldSize() {
        return worldSize;
    }

    public TraceProgram build() {
        List<List<Action>> actions = new ArrayList<>();
        for (RankTrace r : ranks) {
            r.close();
            actions.add(r.actions());
        }
        markPolledSites(actions);
        return new TraceProgram(actions, groups, new ArrayList<>(limits.values()));
    }

    /**
     * A test that once completed while its rank served other messages is a polling loop at
     * every completion of that site, on every rank: where its first test succeeded, another
     * schedule makes it fail and the loop serve.
     */
    private static void markPolledSites(List<List<Action>> actions) {
        Set<SiteRef> sites = new HashSet<>();
        for (List<Action> rank : actions) {
            for (Action a : rank) {
                if (a.kind() == Kind.WAIT && a.call().polled() && a.call().site() != null) {
                    sites.add(a.call().site());
                }
            }
        }
        if (sites.isEmpty()) {
            return;
        }
        for (List<Action> rank : actions) {
            for (int i = 0; i < rank.size(); i++) {
                Action a = rank.get(i);
                if (a.kind() == Kind.WAIT && !a.call().polled() && sites.contains(a.call().site())) {
                    rank.set(i, a.withCall(a.call().asPolled()));
                }
            }
        }
    }

    int world(int comm, int localRank) {
        if (localRank == TraceProgram.ANY) {
            return TraceProgram.ANY;
        }
        int[] members = members(comm);
        if (localRank < 0 || localRank >= members.length) {
            throw new IllegalArgumentException("rank " + localRank + " is not in communicator " + comm);
        }
        return members[localRank];
    }

    int[] members(int comm) {
        int[] members = communicators.get(comm);
        if (members == null) {
            throw new IllegalArgumentException("communicator " + comm + " was not declared");
        }
        return members;
    }

    int group(int comm, int ordinal, String op, boolean finalize) {
        long key = ((long) comm << 32) | ordinal;
        Integer id = groupByCommAndOrdinal.get(key);
        if (id == null) {
            id = groups.size();
            List<Integer> expected = new ArrayList<>();
            for (int m : members(comm)) {
                expected.add(m);
            }
            groups.add(new BarrierGroup(id, comm, ordinal, op, expected, finalize));
            groupByCommAndOrdinal.put(key, id);
        } else if (!groups.get(id).op().equals(op) && !finalize) {
            limit("mixed-collective", "collective #" + ordinal + " on communicator " + comm + " is " + groups.get(id).op()
                    + " on one rank and " + op + " on another: modelled as one barrier");
        }
        return id;
    }

    /** Keeps the first sentence said under {@code key}: one limit per kind, not one per call. */
    void limit(String key, String sentence) {
        limits.putIfAbsent(key, sentence);
    }

    /** Marks a site as unknown in a way findings can still print. */
    static SiteRef orUnknown(SiteRef site) {
        return site == null ? new SiteRef("?", "?", null, -1) : site;
    }
}
