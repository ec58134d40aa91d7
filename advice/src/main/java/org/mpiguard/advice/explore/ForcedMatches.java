package org.mpiguard.advice.explore;

import org.mpiguard.adapter.shadow.CommRanks;
import java.nio.file.Path;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.adapter.MpiConstants;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.core.Guard;
import org.mpiguard.core.explore.ForcedMatchPlan;
import org.mpiguard.core.explore.ForcedSources;
import org.mpiguard.core.site.CallSites;

/**
 * The source argument of every receive the traces pair (explore.rules): in a replay of
 * {@code mpiguard explore} (option {@code force-matches}), a wildcard receive the plan names
 * receives from the sender it gives, that world rank translated to the communicator's
 * local rank. In every other run the plan is null and a receive costs one branch on a
 * static final field, which the JIT folds away.
 */
public final class ForcedMatches {

    private static final ForcedMatchPlan PLAN = load();
    /** This rank's forced matches, made once its rank is known (after Init). */
    private static volatile ForcedSources mine;

    private ForcedMatches() {
    }

    /** The source the receive at {@code site} is made with: {@code source} unless the plan forces another. */
    public static int source(Object comm, int source, int site) {
        if (PLAN == null) {
            return source;
        }
        return forced(comm, source, site);
    }

    private static int forced(Object comm, int source, int site) {
        if (source == MpiConstants.PROC_NULL) {
            return source; // the traces do not count receives from PROC_NULL: neither does the plan
        }
        ForcedSources forced = mine();
        if (forced == null) {
            return source;
        }
        int world = forced.next(CallSites.get(site));
        if (world == ForcedSources.NONE || source != MpiConstants.ANY_SOURCE) {
            return source; // a named source means this replay took another path: it is left as the program wrote it
        }
        try {
            int local = CommRanks.fromWorld(comm, world);
            return local < 0 ? source : local;
        } catch (MpiFailure e) {
            Guard.fault("forcing the source of a receive", e);
            return source;
        }
    }

    private static ForcedSources mine() {
        ForcedSources forced = mine;
        if (forced == null) {
            int rank = MpiRuntime.rankOrMinusOne();
            if (rank < 0) {
                return null; // before Init: nothing is traced, nothing is counted
            }
            synchronized (ForcedMatches.class) {
                forced = mine;
                if (forced == null) {
                    forced = new ForcedSources(PLAN, rank);
                    mine = forced;
                }
            }
        }
        return forced;
    }

    /** Fail open: a plan that cannot be read forces nothing (explore sees it in the replay's trace). */
    private static ForcedMatchPlan load() {
        Path file = Guard.options().forceMatches();
        if (file == null) {
            return null;
        }
        try {
            return ForcedMatchPlan.read(file);
        } catch (Exception | LinkageError e) {
            Guard.fault("reading the forced matches of " + file, e);
            return null;
        }
    }
}
