package org.mpiguard.adapter.args;

import mpi.MPI;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.core.args.RankRules;

/**
 * What the rank and tag checks ask MPI: the size of the group a call addresses (the
 * remote group of an intercommunicator) and MPI.TAG_UB, read once after Init.
 */
public final class Peers {

    private static volatile int tagUb = -1;

    private Peers() {
    }

    /** The rules, with this MPI's special values (read once the bindings are loaded). */
    public static RankRules rules() {
        return Holder.RULES;
    }

    /** Ranks a point-to-point call on {@code comm} may address. */
    public static int peerCount(Object comm) throws MpiFailure {
        return Shadows.facts(comm).peerCount();
    }

    public static int tagUb() {
        int ub = tagUb;
        if (ub < 0) {
            try {
                Object v = MPI.COMM_WORLD.getAttr(MPI.TAG_UB);
                ub = v instanceof Integer i ? i : Integer.MAX_VALUE;
            } catch (Throwable t) {
                ub = Integer.MAX_VALUE;
            }
            tagUb = ub;
        }
        return ub;
    }

    private static final class Holder {
        static final RankRules RULES = new RankRules(MPI.PROC_NULL, MPI.ANY_SOURCE, MPI.ANY_TAG);
    }
}
