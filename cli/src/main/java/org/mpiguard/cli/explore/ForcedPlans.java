package org.mpiguard.cli.explore;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.analyzer.ReceiveSchedule;
import org.mpiguard.core.explore.ForcedMatchPlan;

/**
 * The forced matches of the replays: the observed schedule (every wildcard receive of every
 * rank takes the sender it took), and an alternative (the receiving rank follows the
 * observed schedule up to the racing receive, which takes the other sender's message;
 * what follows is left to the network, as it would be in a run that took that turn).
 */
final class ForcedPlans {

    private ForcedPlans() {
    }

    static ForcedMatchPlan observed(ReceiveSchedule observed) {
        List<ForcedMatchPlan.Entry> entries = new ArrayList<>();
        for (int r = 0; r < observed.worldSize(); r++) {
            for (ReceiveSchedule.Receive v : observed.receives(r)) {
                if (forceable(v)) {
                    entries.add(entry(v, v.taken()));
                }
            }
        }
        return new ForcedMatchPlan(entries);
    }

    static ForcedMatchPlan alternative(ReceiveSchedule observed, Alternatives.Alternative alternative) {
        ReceiveSchedule.Receive target = alternative.receive();
        List<ForcedMatchPlan.Entry> entries = new ArrayList<>();
        for (ReceiveSchedule.Receive v : observed.receives(target.rank())) {
            if (v.equals(target)) {
                entries.add(entry(v, alternative.sender().rank()));
                break;
            }
            if (forceable(v)) {
                entries.add(entry(v, v.taken()));
            }
        }
        return new ForcedMatchPlan(entries);
    }

    /** A wildcard receive whose sender the traces know. */
    static boolean forceable(ReceiveSchedule.Receive v) {
        return v.anySource() && v.taken() >= 0;
    }

    private static ForcedMatchPlan.Entry entry(ReceiveSchedule.Receive v, int source) {
        return new ForcedMatchPlan.Entry(v.rank(), v.site(), v.occurrence(), source);
    }
}
