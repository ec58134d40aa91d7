package org.mpiguard.cli.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class OutputComparisonTest {

    @Test
    void theSameLinesOnEveryRankAndTheSameExitCodeAreEquivalent() {
        assertTrue(OutputComparison.firstDifference(Map.of(0, "total = 5\n", 1, "worker\n"), 0,
                Map.of(0, "total = 5", 1, "worker\n"), 0).isEmpty(), "a missing last newline is not a difference");
    }

    @Test
    void theFirstDifferingLineOfTheLowestRankIsNamed() {
        OutputComparison.Difference d = OutputComparison.firstDifference(
                Map.of(0, "start\ntotal = 30453\n", 2, "a\n"), 0,
                Map.of(0, "start\ntotal = 11253\n", 2, "b\n"), 0).orElseThrow();
        assertEquals(new OutputComparison.Difference(0, 2, "total = 30453", "total = 11253"), d);
        assertEquals("rank 0's output differs at line 2: \"total = 30453\" in the observed schedule, \"total = 11253\""
                + " in the other", d.describe());
    }

    @Test
    void outputThatEndsEarlierOrARankThatPrintedNothingDiffers() {
        assertEquals(new OutputComparison.Difference(1, 2, "two", OutputComparison.ENDED),
                OutputComparison.firstDifference(Map.of(1, "one\ntwo\n"), 0, Map.of(1, "one\n"), 0).orElseThrow());
        assertEquals(new OutputComparison.Difference(3, 1, OutputComparison.ENDED, "late"),
                OutputComparison.firstDifference(Map.of(), 0, Map.of(3, "late\n"), 0).orElseThrow());
    }

    @Test
    void theSameOutputWithAnotherExitCodeDiffers() {
        OutputComparison.Difference d = OutputComparison.firstDifference(Map.of(0, "x\n"), 0, Map.of(0, "x\n"), 86)
                .orElseThrow();
        assertEquals("the job exited with 86 instead of 0", d.describe());
    }
}
