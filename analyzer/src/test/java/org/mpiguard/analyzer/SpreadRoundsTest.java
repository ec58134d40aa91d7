package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.trace.TraceStream;

/** How many rounds a spread replay takes: a collective costs one, its arrivals and completion together. */
class SpreadRoundsTest {

    private static final int BARRIERS = 40;

    @TempDir
    Path dir;

    @Test
    void aCollectiveOfMembersInSeveralBlocksTakesOneRoundNotTwo() throws Exception {
        RunBuilder run = new RunBuilder(dir, 4);
        for (int i = 0; i < BARRIERS; i++) {
            for (int r = 0; r < 4; r++) {
                run.rank(r).barrier(30);
            }
        }
        run.write(true);
        Analyzed.of(dir); // the spread's findings are the one process's

        List<String> notes = new ArrayList<>();
        List<TraceStream> streams = new ArrayList<>();
        TraceSet traces = StreamingAnalysis.openTraces(dir, notes, streams, 0, Integer.MAX_VALUE);
        SpreadReplay spread = StreamingAnalysis.inProcess(dir, traces, streams, null, 2);
        spread.run();
        // each barrier: one round in which every block arrives, the gatherer's completion shipped before the
        // next; were the completion shipped at the gatherer's next sweep, each barrier would take two rounds
        assertTrue(spread.rounds() <= BARRIERS + 5, spread.rounds() + " rounds for " + BARRIERS + " barriers");
        assertTrue(spread.rounds() >= BARRIERS, spread.rounds() + " rounds for " + BARRIERS + " barriers");
        assertEquals(BARRIERS, spread.gathers(), "one gathering per barrier");
    }
}
