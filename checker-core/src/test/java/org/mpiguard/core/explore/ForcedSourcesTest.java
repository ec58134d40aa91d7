package org.mpiguard.core.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSite;

class ForcedSourcesTest {

    private static final SiteRef FOLD = new SiteRef("com.acme.Master", "collect", "Master.java", 31);
    private static final SiteRef OTHER = new SiteRef("com.acme.Master", "collect", "Master.java", 40);

    private static CallSite site(int id, SiteRef at) {
        return new CallSite(id, "Comm.recv", at.className(), at.method(), at.file(), at.line());
    }

    private static List<Integer> sourcesOfCalls(ForcedSources forced, CallSite site, int calls) {
        List<Integer> sources = new ArrayList<>();
        for (int i = 0; i < calls; i++) {
            sources.add(forced.next(site));
        }
        return sources;
    }

    @Test
    void theNthReceiveAtALocationTakesItsForcedSourceAndTheOthersAreLeftAlone() {
        ForcedMatchPlan plan = new ForcedMatchPlan(List.of(
                new ForcedMatchPlan.Entry(0, FOLD, 3, 2),
                new ForcedMatchPlan.Entry(0, FOLD, 1, 1),
                new ForcedMatchPlan.Entry(1, FOLD, 2, 3)));
        ForcedSources rank0 = new ForcedSources(plan, 0);
        assertEquals(List.of(1, ForcedSources.NONE, 2, ForcedSources.NONE), sourcesOfCalls(rank0, site(7, FOLD), 4));
        ForcedSources rank1 = new ForcedSources(plan, 1);
        assertEquals(List.of(ForcedSources.NONE, 3), sourcesOfCalls(rank1, site(7, FOLD), 2), "its own entries only");
        assertTrue(new ForcedSources(plan, 2).isEmpty());
    }

    @Test
    void occurrencesCountPerSourceLocationWhateverTheSiteIdsAsTheTracesDo() {
        ForcedSources forced = new ForcedSources(new ForcedMatchPlan(List.of(new ForcedMatchPlan.Entry(0, FOLD, 2, 5))), 0);
        assertEquals(ForcedSources.NONE, forced.next(site(3, FOLD)));
        assertEquals(ForcedSources.NONE, forced.next(site(900, OTHER)), "a location the plan does not name");
        assertEquals(5, forced.next(site(900 + 3, FOLD)), "the second receive at Master.java:31, by another site id");
        assertEquals(ForcedSources.NONE, forced.next(site(3, FOLD)));
    }

    @Test
    void thePlanFileReadsBackAsWrittenAndABadLineIsNamed() {
        ForcedMatchPlan plan = new ForcedMatchPlan(List.of(new ForcedMatchPlan.Entry(0, FOLD, 2, 1),
                new ForcedMatchPlan.Entry(3, new SiteRef("Nodebug", "run", null, -1), 1, 0)));
        String text = plan.text();
        assertTrue(text.startsWith("#"), "a comment says what the file is\n" + text);
        assertEquals(plan.entries(), ForcedMatchPlan.parse(List.of(text.split("\n"))).entries());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ForcedMatchPlan.parse(List.of("# header", "0\t2\t1\tcom.acme.Master\tcollect\tMaster.java")));
        assertTrue(e.getMessage().startsWith("line 2 is not 'rank occurrence source class method file line'"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ForcedMatchPlan.parse(List.of("0\t0\t1\tcom.acme.Master\tcollect\tMaster.java\t31")),
                "occurrences count from 1");
    }
}
