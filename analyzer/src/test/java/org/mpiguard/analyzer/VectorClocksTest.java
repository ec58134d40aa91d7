package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The block-shared clocks against plain arrays copied at every send: random sends, receives,
 * raises, collectives and PSCW snapshots on worlds of one block, of 32 blocks and of blocks
 * larger than 32 components; every clock kept by a send must read, when joined, what the
 * sender knew at the send, whatever the sender did since.
 */
class VectorClocksTest {

    @ParameterizedTest
    @ValueSource(ints = {3, 40, 1024, 2500})
    void blockSharedClocksAgreeWithPlainCopies(int worldSize) {
        Random random = new Random(worldSize);
        VectorClocks clocks = new VectorClocks(worldSize);
        int[][] plain = new int[worldSize][worldSize];
        List<int[][]> kept = new ArrayList<>();
        List<int[]> keptPlain = new ArrayList<>();
        int active = Math.min(worldSize, 48);
        for (int step = 0; step < 4000; step++) {
            int r = pick(random, worldSize, active);
            switch (random.nextInt(5)) {
                case 0 -> { // a send keeps its sender's clock
                    kept.add(clocks.share(r));
                    keptPlain.add(plain[r].clone());
                }
                case 1 -> { // a receive joins a kept clock
                    if (!kept.isEmpty()) {
                        int k = random.nextInt(kept.size());
                        clocks.join(r, kept.remove(k));
                        max(plain[r], keptPlain.remove(k));
                    }
                }
                case 2 -> { // an event of its own, or one learned of
                    int q = pick(random, worldSize, active);
                    int v = plain[r][q] + 1 + random.nextInt(3);
                    clocks.raise(r, q, v);
                    plain[r][q] = v;
                }
                case 3 -> { // a collective of a few ranks: gathered, then joined by each
                    BlockClock gathered = clocks.fresh();
                    int[] gatheredPlain = new int[worldSize];
                    int[] members = random.ints(3, 0, worldSize).map(q -> q % active).toArray();
                    for (int m : members) {
                        int events = plain[m][m] + 1;
                        clocks.contribute(m, events, gathered);
                        max(gatheredPlain, plain[m]);
                        gatheredPlain[m] = Math.max(gatheredPlain[m], events);
                    }
                    for (int m : members) {
                        if (random.nextBoolean()) { // it learned more between its call and its leaving
                            int q = pick(random, worldSize, active);
                            clocks.raise(m, q, plain[m][q] + 1);
                            plain[m][q]++;
                        }
                        clocks.joinGathered(m, gathered);
                        max(plain[m], gatheredPlain);
                    }
                }
                default -> { // a PSCW post: a snapshot counting its own events
                    int events = plain[r][r] + 2;
                    kept.add(clocks.snapshot(r, events));
                    int[] copy = plain[r].clone();
                    copy[r] = Math.max(copy[r], events);
                    keptPlain.add(copy);
                }
            }
        }
        for (int r = 0; r < worldSize; r++) {
            for (int q = 0; q < worldSize; q++) {
                assertEquals(plain[r][q], clocks.known(r, q), "rank " + r + " of " + q);
            }
        }
        for (int k = 0; k < kept.size(); k++) {
            int probe = k % worldSize;
            VectorClocks fresh = new VectorClocks(worldSize);
            fresh.join(probe, kept.get(k));
            int[] read = new int[worldSize];
            for (int q = 0; q < worldSize; q++) {
                read[q] = fresh.known(probe, q);
            }
            assertArrayEquals(keptPlain.get(k), read, "kept clock " + k);
        }
    }

    @Test
    void aSendKeepsTheClockOfItsMomentAfterTheSenderLearnsMore() {
        VectorClocks clocks = new VectorClocks(4);
        clocks.raise(0, 0, 5);
        int[][] sent = clocks.share(0);
        clocks.raise(0, 0, 9);
        clocks.raise(0, 2, 3);
        clocks.join(1, sent);
        assertEquals(5, clocks.known(1, 0));
        assertEquals(0, clocks.known(1, 2));
        assertEquals(9, clocks.known(0, 0));
    }

    /** Mostly a few ranks (so clocks meet and share), sometimes any: every block is used. */
    private static int pick(Random random, int worldSize, int active) {
        return random.nextInt(8) == 0 ? random.nextInt(worldSize) : random.nextInt(active);
    }

    private static void max(int[] into, int[] other) {
        for (int k = 0; k < into.length; k++) {
            into[k] = Math.max(into[k], other[k]);
        }
    }
}
