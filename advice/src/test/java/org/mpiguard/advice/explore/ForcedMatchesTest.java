package org.mpiguard.advice.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** Outside replays (no force-matches option) a receive's source passes through, allocating nothing. */
class ForcedMatchesTest {

    @Test
    void withoutForcedMatchesEverySourceIsLeftAsTheProgramGaveItAndNothingIsAllocated() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        int sum = 0;
        for (int i = 0; i < 20_000; i++) {
            sum += ForcedMatches.source(null, i & 7, i);
        }
        long before = threads.getThreadAllocatedBytes(id);
        for (int i = 0; i < 1_000_000; i++) {
            sum += ForcedMatches.source(null, i & 7, i);
        }
        long allocated = threads.getThreadAllocatedBytes(id) - before;
        assertEquals(20_000 / 8 * 28 + 1_000_000 / 8 * 28, sum, "every source returned unchanged");
        assertTrue(allocated < 1024, allocated + " bytes allocated by a million receives");
    }
}
