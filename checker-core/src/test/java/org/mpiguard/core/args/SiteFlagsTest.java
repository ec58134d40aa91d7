package org.mpiguard.core.args;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SiteFlagsTest {

    @Test
    void aSiteIsMarkedAloneAndTheSetGrowsPastItsFirstWords() {
        SiteFlags flags = new SiteFlags();
        for (int site : new int[] {0, 63, 64, 255, 256, 100_000}) {
            assertFalse(flags.has(site), "site " + site);
        }
        flags.set(64);
        flags.set(100_000);
        assertTrue(flags.has(64));
        assertTrue(flags.has(100_000));
        assertFalse(flags.has(63), "a neighbouring bit stays clear");
        assertFalse(flags.has(65));
        assertFalse(flags.has(99_999));
        assertFalse(flags.has(164), "the same bit of another word stays clear");
        flags.set(-1);
        assertFalse(flags.has(-1), "a negative site is never marked");
        assertTrue(flags.has(64), "marks survive the growth");
    }
}
