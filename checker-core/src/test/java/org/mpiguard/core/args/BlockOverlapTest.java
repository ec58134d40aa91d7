package org.mpiguard.core.args;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class BlockOverlapTest {

    private static String overlap(int[] counts, int[] displs) {
        return describe(BlockOverlap.firstOverlap(counts, displs, counts.length));
    }

    private static String describe(long pair) {
        return pair == BlockOverlap.NONE ? "none" : BlockOverlap.first(pair) + "," + BlockOverlap.second(pair);
    }

    @Test
    void blocksSideBySideGapsAndEmptyBlocksDoNotOverlap() {
        assertEquals("none", overlap(new int[] {2, 3, 1}, new int[] {0, 2, 5}));
        assertEquals("none", overlap(new int[] {2, 3, 1}, new int[] {0, 4, 10}));
        assertEquals("none", overlap(new int[] {2, 0, 0, 3}, new int[] {0, 1, 1, 2}));
        assertEquals("none", overlap(new int[] {0, 0}, new int[] {0, 0}));
        assertEquals("none", overlap(new int[] {}, new int[] {}));
    }

    @Test
    void aBlockStartingInsideAnEarlierOneOverlapsIt() {
        assertEquals("0,1", overlap(new int[] {2, 2}, new int[] {0, 1}));
        assertEquals("0,1", overlap(new int[] {4, 4}, new int[] {0, 0}));
        // block 0 reaches past block 1 into block 2
        assertEquals("0,2", overlap(new int[] {10, 0, 1}, new int[] {0, 3, 9}));
    }

    @Test
    void displacementsInAnyOrderAreComparedSorted() {
        assertEquals("none", overlap(new int[] {2, 2, 2}, new int[] {4, 0, 2}));
        assertEquals("1,2", overlap(new int[] {2, 3, 2}, new int[] {4, 0, 2}));
        assertEquals("0,2", overlap(new int[] {2, 1, 2}, new int[] {5, 0, 6}));
    }

    @Test
    void onlyTheFirstSizeEntriesAreBlocks() {
        assertEquals("none", BlockOverlap.firstOverlap(new int[] {2, 2, 9}, new int[] {0, 2, 0}, 2) == BlockOverlap.NONE
                ? "none" : "overlap");
    }

    @Test
    void wBlocksAreMeasuredInBytesOfTheirOwnTypes() {
        long[] bytes = {8, 4};
        // 2 doubles at byte 0 end at byte 16; 1 int at byte 16 is beside them, at byte 12 inside them
        assertEquals("none", describe(BlockOverlap.firstOverlap(new int[] {2, 1}, new int[] {0, 16}, 2, bytes)));
        assertEquals("0,1", describe(BlockOverlap.firstOverlap(new int[] {2, 1}, new int[] {0, 12}, 2, bytes)));
    }
}
