package org.mpiguard.analyzer.rma;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.analyzer.ReplayObserver;
import org.mpiguard.analyzer.TraceSet;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.trace.RmaSyncOp;
import org.mpiguard.core.trace.TraceEvent;

/**
 * The assertions of one-sided synchronisation that other ranks' calls can break, beside the
 * conflict check on the same replay: a fence's MPI.MODE_NOPUT ({@link NoPutAssertions}), a
 * lock's MPI.MODE_NOCHECK ({@link NoCheckLocks}) and a start's or post's ({@link NoCheckStarts}). Given each synchronisation where it is
 * judged and each put or accumulate of a fence epoch; their findings follow in that order.
 */
final class SyncAssertions {

    private static final String NOPUT_OVERFLOW = "too many puts waited at once for their target's fence; some were "
            + "not judged against MPI.MODE_NOPUT";
    private static final String NOCHECK_SATURATED = "more than " + NoCheckLocks.MAX_KEPT + " lock epochs were "
            + "unordered at once; later ones were not judged against MPI.MODE_NOCHECK";

    private final NoPutAssertions noPut = new NoPutAssertions();
    private final NoCheckLocks noCheck = new NoCheckLocks();
    private final NoCheckStarts noCheckStarts = new NoCheckStarts();
    private final int worldSize;

    SyncAssertions(int worldSize) {
        this.worldSize = worldSize;
    }

    /** Event {@code index} of {@code rank}, an RMA_SYNC event, with its rank's clock at it. Nothing is kept of {@code e}. */
    void sync(int rank, int index, TraceEvent e, ReplayObserver.Clocks clocks) {
        RmaSyncOp op = RmaSyncOp.of(e.op());
        long win = e.field(1);
        int target = e.intField(2);
        boolean noCheckAsserted = RmaSyncOp.assertsNoCheck(e);
        if (op == RmaSyncOp.FENCE) {
            noPut.fence(rank, index, win, e.site(), e.intField(4));
        } else if (op == RmaSyncOp.LOCK && target >= 0 && target < worldSize) {
            noCheck.locked(rank, index, target, win, e.site(), e.intField(3) == RmaSyncOp.LOCK_EXCLUSIVE,
                    noCheckAsserted, clocks);
        } else if (op == RmaSyncOp.UNLOCK) {
            noCheck.unlocked(rank, index, target, win);
        } else if (op == RmaSyncOp.LOCK_ALL) {
            noCheck.lockedAll(rank, index, win, e.site(), noCheckAsserted, clocks);
        } else if (op == RmaSyncOp.UNLOCK_ALL) {
            noCheck.unlockedAll(rank, index, win);
        }
    }

    /** A start matched a post: see {@link NoCheckStarts#matched}. */
    void startMatched(int origin, int startIndex, int startSite, boolean startNoCheck, int target, int postIndex,
                      int postSite, boolean postNoCheck, boolean ordered) {
        noCheckStarts.matched(origin, startIndex, startSite, startNoCheck, target, postIndex, postSite, postNoCheck,
                ordered);
    }

    /** An access of the replay: a put or accumulate in a fence epoch is judged against its target's MODE_NOPUT. */
    void accessed(Access a, ReplayObserver.Clocks clocks) {
        if (a.mode() == EpochMode.FENCE && (a.kind() == AccessKind.PUT || a.kind() == AccessKind.ACCUMULATE)) {
            noPut.updated(a, clocks);
        }
    }

    /**
     * The broken NOPUTs in the order of their operations, then the broken NOCHECKs of locks, then
     * those of starts and posts; each one's order into {@code keys}.
     */
    List<Finding> findings(TraceSet traces, List<long[]> keys) {
        List<Finding> found = new ArrayList<>(noPut.findings(traces, keys));
        found.addAll(noCheck.findings(traces, keys));
        found.addAll(noCheckStarts.findings(traces, keys));
        return found;
    }

    /** Adds to {@code notes} (once each) what could not be judged. */
    void addNotes(List<String> notes) {
        List<String> mine = new ArrayList<>();
        if (noPut.overflowed()) {
            mine.add(NOPUT_OVERFLOW);
        }
        if (noCheck.saturated()) {
            mine.add(NOCHECK_SATURATED);
        }
        if (noPut.dropped() > 0 || noCheck.dropped() > 0 || noCheckStarts.dropped() > 0) {
            mine.add("more broken MPI.MODE_NOPUT or MPI.MODE_NOCHECK assertions are not reported (only the first "
                    + NoPutAssertions.MAX_GROUPS + " pairs of sites of each are)");
        }
        for (String n : mine) {
            if (!notes.contains(n)) {
                notes.add(n);
            }
        }
    }
}
