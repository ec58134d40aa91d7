package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.explore.ForcedMatchPlan;
import org.mpiguard.core.report.SiteRef;

/**
 * The agent's side of {@code mpiguard explore} under real mpirun: with {@code force-matches},
 * every kind of receive the traces pair (recv, iRecv, sendRecv, sendRecvReplace) takes, at
 * the occurrences the plan names, the sender it gives instead of whichever came first.
 */
class ForcedMatchesTest {

    private static final String PROGRAM = "explore.ForcedReceives";
    private static final List<String> MARKERS = List.of("RECV-ANY", "IRECV-ANY", "SENDRECV-ANY", "REPLACE-ANY");

    @Test
    void eachKindOfWildcardReceiveTakesTheSendersThePlanForcesInTheOrderItGives() throws Exception {
        List<ForcedMatchPlan.Entry> entries = new ArrayList<>();
        for (String marker : MARKERS) {
            SiteRef site = new SiteRef("org.mpiguard.programs." + PROGRAM, "main", "ForcedReceives.java",
                    SourceMarkers.line(PROGRAM, marker));
            entries.add(new ForcedMatchPlan.Entry(0, site, 1, 3));
            entries.add(new ForcedMatchPlan.Entry(0, site, 2, 1));
        }
        Path plan = Files.createTempFile("forced-matches", ".txt");
        new ForcedMatchPlan(entries).write(plan);
        MpiRun.Result r = MpiRun.program(PROGRAM).ranks(4).withAgent("force-matches=" + plan).run();
        assertFalse(r.timedOut(), r.toString());
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("recv 3 1 2\niRecv 3 1 2\nsendRecv 3 1 2\nsendRecvReplace 3 1 2\n", r.ofRank(0, "stdout"),
                "rank 3 first, rank 1 second, rank 2's message left for the third\n" + r);
        assertFalse(r.stderr().contains("checker-fault"), r.stderr());
    }

    @Test
    void aPlanThatCannotBeReadForcesNothingAndSaysSoWhileTheProgramRunsOn() throws Exception {
        Path plan = Files.createTempFile("forced-matches", ".txt");
        Files.writeString(plan, "not a forced match\n");
        MpiRun.Result r = MpiRun.program(PROGRAM).ranks(3).withAgent("force-matches=" + plan).run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.ofRank(0, "stdout").startsWith("recv "), r.toString());
        assertTrue(r.stderr().contains("reading the forced matches of " + plan), r.stderr());
    }
}
