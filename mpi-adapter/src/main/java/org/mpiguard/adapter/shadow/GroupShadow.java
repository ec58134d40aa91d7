package org.mpiguard.adapter.shadow;

import mpi.Group;
import mpi.MPIException;

/** A group: its members in world ranks (for PSCW epochs in the wait-for graph), read once. */
public final class GroupShadow extends Shadow {

    private volatile int[] worldRanks;
    /** The id of its members' set in this rank's trace; 0 until first recorded. */
    private volatile int traceRankSet;

    GroupShadow(Object group, int site, int rank) {
        super(group, site, rank);
    }

    public int traceRankSet() {
        return traceRankSet;
    }

    public void traceRankSet(int id) {
        traceRankSet = id;
    }

    /** World ranks of the group's members, in the group's order; the group is left as it is. */
    int[] worldRanks(Group group) throws MPIException {
        int[] ranks = worldRanks;
        if (ranks == null) {
            ranks = CommRanks.worldRanksOf(group);
            worldRanks = ranks;
        }
        return ranks;
    }
}
