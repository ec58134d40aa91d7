package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link LongMap} against {@link HashMap}: random puts, gets and removals over keys that collide. */
class LongMapTest {

    @Test
    void agreesWithAHashMapOverRandomOperations() {
        Random random = new Random(7);
        LongMap<String> map = new LongMap<>();
        Map<Long, String> expected = new HashMap<>();
        for (int step = 0; step < 200_000; step++) {
            // few distinct keys, some far apart and negative, so probes run long and wrap
            long key = (random.nextInt(600) - 300) * (random.nextBoolean() ? 1L : 1L << 40);
            switch (random.nextInt(3)) {
                case 0 -> assertEquals(expected.put(key, "v" + step), map.put(key, "v" + step));
                case 1 -> assertEquals(expected.remove(key), map.remove(key));
                default -> assertEquals(expected.get(key), map.get(key));
            }
            assertEquals(expected.size(), map.size());
        }
        for (Map.Entry<Long, String> e : expected.entrySet()) {
            assertEquals(e.getValue(), map.get(e.getKey()));
        }
        List<String> values = new ArrayList<>();
        map.addValuesTo(values);
        assertEquals(expected.size(), values.size());
    }

    @Test
    void emptiedAndClearedMapsHoldNothing() {
        LongMap<Integer> map = new LongMap<>();
        for (int i = 0; i < 100; i++) {
            map.put(i * 8L, i);
        }
        for (int i = 0; i < 100; i += 2) {
            assertEquals(i, map.remove(i * 8L));
        }
        assertNull(map.get(0));
        assertEquals(1, map.get(8));
        map.clear();
        assertNull(map.get(8));
        assertEquals(0, map.size());
    }
}
