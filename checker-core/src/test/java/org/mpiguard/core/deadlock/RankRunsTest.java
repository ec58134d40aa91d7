package org.mpiguard.core.deadlock;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RankRunsTest {

    @Test
    void everyOtherRankOfALargeJobIsTwoRuns() {
        int[] others = IntStream.range(0, 65_536).filter(r -> r != 100).toArray();
        RankRuns runs = RankRuns.of(others);
        assertEquals(2, runs.runs());
        assertEquals(65_535, runs.size());
        assertArrayEquals(others, runs.toArray());
    }

    @Test
    void anyListKeepsItsOrderAndDuplicates() {
        int[] odd = {5, 6, 7, 3, 3, 4, -1, 0};
        assertArrayEquals(odd, RankRuns.of(odd).toArray());
        assertEquals(RankRuns.of(odd), RankRuns.ofRuns(new int[] {5, 3, 3, -1}, new int[] {3, 1, 2, 2}));
    }

    @Test
    void withRankAddsARankToAscendingRunsOrSaysItCannot() {
        Random random = new Random(7);
        for (int i = 0; i < 2000; i++) {
            int n = 1 + random.nextInt(30);
            int[] ranks = IntStream.range(0, n).filter(r -> random.nextInt(3) > 0).toArray();
            int add = random.nextInt(n + 2) - 1;
            RankRuns with = RankRuns.of(ranks).withRank(add);
            if (Arrays.stream(ranks).anyMatch(r -> r == add)) {
                assertNull(with, "a rank already there");
                continue;
            }
            int[] expected = IntStream.concat(Arrays.stream(ranks), IntStream.of(add)).sorted().toArray();
            assertEquals(RankRuns.of(expected), with, Arrays.toString(ranks) + " + " + add);
        }
        assertNull(RankRuns.of(3, 4, 1).withRank(7), "runs out of order");
    }

    @Test
    void anyInLooksOnlyWithinTheListAndTheLimit() {
        BitSet set = new BitSet();
        set.set(10);
        assertEquals(true, RankRuns.of(8, 9, 10, 11).anyIn(set, 64));
        assertEquals(false, RankRuns.of(8, 9, 11).anyIn(set, 64));
        assertEquals(false, RankRuns.of(8, 9, 10, 11).anyIn(set, 10));
        assertEquals(false, RankRuns.EMPTY.anyIn(set, 64));
    }

    @Test
    void corruptRunsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> RankRuns.ofRuns(new int[] {1}, new int[] {0}));
        assertThrows(IllegalArgumentException.class, () -> RankRuns.ofRuns(new int[] {1, 2}, new int[] {1}));
    }
}
