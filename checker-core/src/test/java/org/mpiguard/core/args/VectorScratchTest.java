package org.mpiguard.core.args;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class VectorScratchTest {

    private static final int EAGER = VectorScratch.DEFAULT_EAGER;

    private static int firstOverrun(int[] counts, int[] displs, int extent) {
        return VectorScratch.firstOverrun(counts, displs, counts.length, extent, 0, extent, EAGER);
    }

    @Test
    void theBindingSizesItsCopyByTheProductOfTheLastDisplacementAndItsCount() {
        // 2 ranks of 1,000 doubles: 1000 * 1000 items of 8 bytes, far more than the 16,000 needed
        assertEquals(8_000_000L, VectorScratch.allocated(new int[] {1000, 1000}, new int[] {0, 1000}, 2, 8, EAGER));
        assertEquals(-1, firstOverrun(new int[] {1000, 1000}, new int[] {0, 1000}, 8));
    }

    @Test
    void sixteenThousandDoublesARankWrapTheProductToANegativeLengthAndGetTheEagerBuffer() {
        int n = 16_384; // measured: glibc's malloc assertion on 2 and 4 ranks
        assertEquals(EAGER, VectorScratch.allocated(new int[] {n, n}, new int[] {0, n}, 2, 8, EAGER));
        assertEquals(0, firstOverrun(new int[] {n, n}, new int[] {0, n}, 8));
        assertEquals(0, firstOverrun(new int[] {n, n, n, n}, new int[] {0, n, 2 * n, 3 * n}, 8));
        int m = 100_000;
        assertEquals(0, firstOverrun(new int[] {m, m}, new int[] {0, m}, 8));
    }

    @Test
    void tenThousandDoublesARankFitInTheOversizedCopyOnTwoRanksButWrapOnFour() {
        int n = 10_000; // measured: runs on 2 ranks (800,000,000 bytes allocated), malloc() aborts on 4
        assertEquals(800_000_000L, VectorScratch.allocated(new int[] {n, n}, new int[] {0, n}, 2, 8, EAGER));
        assertEquals(-1, firstOverrun(new int[] {n, n}, new int[] {0, n}, 8));
        assertEquals(0, firstOverrun(new int[] {n, n, n, n}, new int[] {0, n, 2 * n, 3 * n}, 8));
    }

    @Test
    void theLargestSafeBlockOfDoublesOnTwoRanksIs16383() {
        int n = 16_383; // measured: runs; 16,384 aborts
        assertEquals(-1, firstOverrun(new int[] {n, n}, new int[] {0, n}, 8));
        assertEquals(0, firstOverrun(new int[] {n + 1, n + 1}, new int[] {0, n + 1}, 8));
    }

    @Test
    void oneRankAlwaysGetsTheEagerBufferSoOnlyWhatFitsInItIsSafe() {
        assertEquals(-1, firstOverrun(new int[] {8192}, new int[] {0}, 8));
        assertEquals(0, firstOverrun(new int[] {8193}, new int[] {0}, 8));
        assertEquals(-1, firstOverrun(new int[] {65_536}, new int[] {0}, 1));
    }

    @Test
    void aLargestDisplacementWithAnEmptyBlockLeavesTheOtherBlocksInTheEagerBuffer() {
        assertEquals(-1, firstOverrun(new int[] {10, 0}, new int[] {0, 10}, 8));
        assertEquals(0, firstOverrun(new int[] {10_000, 0}, new int[] {0, 10_000}, 8));
        // the first of equal largest displacements is the one the binding multiplies
        assertEquals(1, firstOverrun(new int[] {0, 20_000}, new int[] {0, 0}, 4));
    }

    @Test
    void theLastByteOfADerivedTypeIsItsTrueUpperBound() {
        // 3 items of extent 16 bytes whose data ends 8 bytes into the item: 40 bytes, not 48
        assertEquals(40, VectorScratch.end(3, 0, 16, 0, 8));
        assertEquals(0, VectorScratch.end(0, 100, 16, 0, 8));
        assertEquals(-1, VectorScratch.firstOverrun(new int[] {4096, 4096}, new int[] {0, 0}, 2, 16, 0, 16, EAGER));
        assertEquals(0, VectorScratch.firstOverrun(new int[] {4097, 4096}, new int[] {0, 0}, 2, 16, 0, 16, EAGER));
    }

    @Test
    void theEagerSizeComesFromTheMcaEnvironmentVariable() {
        assertEquals(EAGER, VectorScratch.eager(null));
        assertEquals(1_048_576, VectorScratch.eager(" 1048576"));
        assertEquals(EAGER, VectorScratch.eager("lots"));
        assertEquals(-1, VectorScratch.firstOverrun(new int[] {8193}, new int[] {0}, 1, 8, 0, 8, 1_048_576));
    }
}
