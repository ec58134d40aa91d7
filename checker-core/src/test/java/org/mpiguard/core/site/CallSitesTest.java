package org.mpiguard.core.site;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class CallSitesTest {

    @Test
    void registeredSitesAreFoundByTheirId() {
        int a = CallSites.register("Comm.recv", "com.acme.Ring", "main", "Ring.java", 31);
        int b = CallSites.register("Comm.send", "com.acme.Ring", "main", "Ring.java", 32);
        assertNotEquals(a, b);
        assertEquals("Ring.java:31", CallSites.get(a).location());
        assertEquals("Comm.send", CallSites.get(b).op());
    }

    @Test
    void theTableGrowsPastItsInitialSize() {
        int first = CallSites.register("Comm.barrier", "X", "m", "X.java", 1);
        int last = first;
        for (int i = 0; i < 1000; i++) {
            last = CallSites.register("Comm.barrier", "X", "m", "X.java", i + 2);
        }
        assertEquals(1001, CallSites.get(last).line());
        assertEquals(1, CallSites.get(first).line());
    }

    @Test
    void unknownIdsResolveToTheUnknownSite() {
        assertSame(CallSites.UNKNOWN, CallSites.get(-5));
        assertSame(CallSites.UNKNOWN, CallSites.get(Integer.MAX_VALUE));
    }

    @Test
    void aSiteWithoutDebugInformationNamesClassAndMethod() {
        CallSite site = new CallSite(9, "Comm.recv", "com.acme.Ring", "exchange", null, -1);
        assertEquals("com.acme.Ring.exchange (no debug information)", site.location());
    }
}
