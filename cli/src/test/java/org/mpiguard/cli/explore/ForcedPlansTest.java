package org.mpiguard.cli.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.analyzer.ExploredRuns;
import org.mpiguard.analyzer.ReceiveSchedule;
import org.mpiguard.core.explore.ForcedMatchPlan;

class ForcedPlansTest {

    @TempDir
    Path dir;

    /** Each entry as {@code rank@line#occurrence<-source}. */
    private static List<String> entries(ForcedMatchPlan plan) {
        return plan.entries().stream().map(e -> e.rank() + "@" + e.site().line() + "#" + e.occurrence() + "<-"
                + e.source()).toList();
    }

    @Test
    void theObservedScheduleForcesEveryWildcardReceiveToTheSenderItTook() throws Exception {
        ReceiveSchedule observed = ReceiveSchedule.read(ExploredRuns.masterWorker(dir, 3, 2, 1));
        assertEquals(List.of("0@20#1<-3", "0@20#2<-2", "0@20#3<-1"), entries(ForcedPlans.observed(observed)));
    }

    @Test
    void anAlternativeKeepsTheObservedMatchesBeforeItsReceiveForcesItAndLeavesTheRestFree() throws Exception {
        ReceiveSchedule observed = ReceiveSchedule.read(ExploredRuns.masterWorker(dir, 3, 2, 1));
        ReceiveSchedule.Race second = observed.races().get(1);
        assertEquals(2, second.receive().occurrence());
        Alternatives.Alternative alternative = new Alternatives.Alternative(second, second.alternatives().get(0));
        assertEquals(List.of("0@20#1<-3", "0@20#2<-1"), entries(ForcedPlans.alternative(observed, alternative)));
    }

    @Test
    void aReceiveFromANamedSourceIsNeverForced() throws Exception {
        ReceiveSchedule observed = ReceiveSchedule.read(ExploredRuns.noRace(dir));
        assertEquals(List.of(), entries(ForcedPlans.observed(observed)));
    }
}
