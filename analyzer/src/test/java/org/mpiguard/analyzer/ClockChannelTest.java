package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ClockChannelTest {

    private static final int WORLD = 1_000;

    /** Clocks of a channel whose components go up and down (clocks of different ranks), far apart and close together. */
    @Test
    void clocksComeOutAsTheyWentInWhateverTheirComponentsDid() throws IOException {
        ClockChannel writer = new ClockChannel(WORLD);
        ClockChannel reader = new ClockChannel(WORLD);
        Random random = new Random(7);
        int[] values = new int[WORLD];
        FrameOut out = new FrameOut();
        int[][] expected = new int[40][];
        for (int c = 0; c < expected.length; c++) {
            for (int n = random.nextInt(60); n > 0; n--) {
                int q = random.nextInt(WORLD);
                // small steps, large jumps, and a clock of another rank that knows less
                values[q] = switch (random.nextInt(3)) {
                    case 0 -> values[q] + 1 + random.nextInt(3);
                    case 1 -> values[q] + 1_000_000 + random.nextInt(1 << 30);
                    default -> Math.max(-1, values[q] - random.nextInt(5_000));
                };
            }
            if (c == 7) {
                values[WORLD - 1] = Integer.MAX_VALUE;
                values[0] = -1;
            }
            expected[c] = values.clone();
            writer.write(out, VectorClocks.frozenOf(values.clone()));
        }
        FrameIn in = new FrameIn(out.toBytes(), 0, out.size());
        for (int[] clock : expected) {
            assertArrayEquals(clock, flat(reader.read(in)));
        }
        assertEquals(false, in.available());
    }

    @Test
    void aComponentPastTheWorldIsRefusedNotStored() {
        FrameOut out = new FrameOut();
        out.writeVarint(1);
        out.writeVarint(WORLD);
        out.writeVarint(2);
        FrameIn in = new FrameIn(out.toBytes(), 0, out.size());
        assertThrows(IOException.class, () -> new ClockChannel(WORLD).read(in));
    }

    @Test
    void varintsOfEveryLengthComeBack() throws IOException {
        int[] values = {0, 1, 127, 128, 16_383, 16_384, 1 << 21, 1 << 28, Integer.MAX_VALUE, -1, Integer.MIN_VALUE};
        FrameOut out = new FrameOut();
        for (int v : values) {
            out.writeVarint(v);
        }
        FrameIn in = new FrameIn(out.toBytes(), 0, out.size());
        for (int v : values) {
            assertEquals(v, in.readVarint());
        }
        assertEquals(1, lengthOf(0));
        assertEquals(2, lengthOf(128));
        assertEquals(5, lengthOf(-1));
    }

    private static int lengthOf(int v) {
        FrameOut out = new FrameOut();
        out.writeVarint(v);
        return out.size();
    }

    private static int[] flat(int[][] clock) {
        int[] all = new int[WORLD];
        int per = clock[0].length;
        for (int q = 0; q < WORLD; q++) {
            all[q] = clock[q / per][q % per];
        }
        return all;
    }
}
