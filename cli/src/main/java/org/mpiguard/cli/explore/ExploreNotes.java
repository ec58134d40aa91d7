package org.mpiguard.cli.explore;

import java.util.ArrayList;
import java.util.List;

/** What explore says besides its findings: how much it explored and what it could not. */
final class ExploreNotes {

    private ExploreNotes() {
    }

    static List<String> of(List<ReplayOutcome> outcomes, int races, int unexplored) {
        List<String> notes = new ArrayList<>();
        long harmful = outcomes.stream().filter(o -> o.verdict().harmful()).count();
        long equivalent = outcomes.stream().filter(o -> o.verdict() == ReplayOutcome.Verdict.EQUIVALENT).count();
        String left = unexplored == 0 ? "" : "; " + unexplored + " more alternative" + (unexplored == 1 ? " was" : "s were")
                + " not replayed (--max-replays)";
        if (harmful == 0 && equivalent > 0) {
            notes.add("explored " + equivalent + " alternative" + (equivalent == 1 ? "" : "s") + " of " + races
                    + " racing receive" + (races == 1 ? "" : "s") + ": every rank's output and the exit code were those"
                    + " of the observed schedule, so these races are harmless in the schedules tried" + left);
        } else if (harmful > 0) {
            notes.add("explored " + outcomes.size() + " alternative" + (outcomes.size() == 1 ? "" : "s") + " of "
                    + races + " racing receive" + (races == 1 ? "" : "s") + ": " + harmful + " changed the outcome (the"
                    + " error" + (harmful == 1 ? "" : "s") + " above)" + (equivalent == 0 ? "" : ", " + equivalent
                    + " did not") + left);
        }
        for (ReplayOutcome o : outcomes) {
            if (o.verdict() == ReplayOutcome.Verdict.NOT_FORCED) {
                notes.add("not explored: " + o.describe() + ": " + o.detail());
            }
        }
        return notes;
    }
}
