package org.mpiguard.core.deadlock;

import java.util.List;
import org.mpiguard.core.activity.WaitKind;

/**
 * The fix a deadlock finding suggests, from the calls the ranks are stuck in: advice about
 * sends and receives read as nonsense to a program stuck in one-sided synchronisation, so
 * each kind of wait present gets its own sentence (point-to-point, collective, one-sided).
 */
final class DeadlockAdvice {

    static final String POINT_TO_POINT = " Give each blocking call a matching call on its peer, in an order both"
            + " sides reach: for example let one rank send before it receives, use Comm.sendRecv, or post"
            + " nonblocking receives first.";
    static final String COLLECTIVE = " Every rank of a communicator must reach each of its collectives: a member"
            + " stuck elsewhere (a receive nobody sends, another collective) keeps the others waiting in it.";
    static final String ONE_SIDED = " One-sided synchronisation completes only in pairs: every Win.start needs"
            + " the target's matching Win.post, every Win.waitFor the origins' Win.complete, every Win.fence each"
            + " rank of the window, every lock the holder's unlock; and a post and its start assert"
            + " MPI.MODE_NOCHECK both or neither (a post asserting it sends no notice to a start that waits"
            + " for one).";

    private DeadlockAdvice() {
    }

    /** The advice for ranks stuck in {@code threads}' calls, one sentence per kind of wait among them. */
    static String of(List<ThreadStatus> threads) {
        boolean pointToPoint = false;
        boolean collective = false;
        boolean oneSided = false;
        for (ThreadStatus t : threads) {
            if (t.kind() == WaitKind.LOCK || t.op().startsWith("Win.")) {
                oneSided = true;
            } else if (t.kind() == WaitKind.COLLECTIVE) {
                collective = true;
            } else {
                pointToPoint = true;
            }
        }
        return (pointToPoint || !(collective || oneSided) ? POINT_TO_POINT : "")
                + (collective ? COLLECTIVE : "") + (oneSided ? ONE_SIDED : "");
    }
}
