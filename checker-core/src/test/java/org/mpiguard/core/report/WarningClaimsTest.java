package org.mpiguard.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WarningClaimsTest {

    @Test
    void eachKindSiteAndCheckIsGrantedOnce() {
        WarningClaims claims = new WarningClaims(64);
        assertTrue(claims.claim(FindingKind.INVALID_ARGUMENT, 7, "env.thread-level"));
        assertFalse(claims.claim(FindingKind.INVALID_ARGUMENT, 7, "env.thread-level"));
        // the same check id built anew (not the constant) is the same check
        assertFalse(claims.claim(FindingKind.INVALID_ARGUMENT, 7, new String("env.thread-level")));
        assertTrue(claims.claim(FindingKind.INVALID_ARGUMENT, 8, "env.thread-level"), "another site");
        assertTrue(claims.claim(FindingKind.INVALID_ARGUMENT, 7, "env.thread-overlap"), "another check");
        assertTrue(claims.claim(FindingKind.BINDING_HAZARD, 7, "env.thread-level"), "another kind");
        assertTrue(claims.claim(FindingKind.BINDING_HAZARD, 7, null));
        assertFalse(claims.claim(FindingKind.BINDING_HAZARD, 7, null));
        assertEquals(5, claims.size());
    }

    @Test
    void askingWhetherAWarningWasSaidClaimsNothing() {
        WarningClaims claims = new WarningClaims(64);
        assertFalse(claims.said(FindingKind.INVALID_ARGUMENT, 3, "env.thread-overlap"));
        assertFalse(claims.said(FindingKind.INVALID_ARGUMENT, 3, "env.thread-overlap"), "asking claimed nothing");
        assertTrue(claims.claim(FindingKind.INVALID_ARGUMENT, 3, "env.thread-overlap"));
        assertTrue(claims.said(FindingKind.INVALID_ARGUMENT, 3, "env.thread-overlap"));
        assertFalse(claims.said(FindingKind.INVALID_ARGUMENT, 4, "env.thread-overlap"), "another site");
        assertEquals(1, claims.size());
    }

    @Test
    void pastItsBoundNothingNewIsGrantedAndWhatWasStaysSaid() {
        WarningClaims claims = new WarningClaims(4);
        for (int site = 1; site <= 4; site++) {
            assertTrue(claims.claim(FindingKind.INVALID_ARGUMENT, site, "c"));
        }
        assertFalse(claims.claim(FindingKind.INVALID_ARGUMENT, 5, "c"), "past the bound");
        for (int site = 1; site <= 4; site++) {
            assertFalse(claims.claim(FindingKind.INVALID_ARGUMENT, site, "c"), "site " + site + " was said");
        }
        assertEquals(4, claims.size());
    }

    @Test
    void keysWhoseHashesCollideAreToldApart() {
        WarningClaims claims = new WarningClaims(512);
        // many sites in a table of 1,024 slots: probe chains form, and every key keeps its own answer
        for (int site = 0; site < 512; site++) {
            assertTrue(claims.claim(FindingKind.DEADLOCK, site * 1024, "x"), "site " + site);
        }
        for (int site = 0; site < 512; site++) {
            assertFalse(claims.claim(FindingKind.DEADLOCK, site * 1024, "x"), "site " + site);
        }
    }

    @Test
    void threadsClaimingTheSameKeysAtOnceGetEachGrantedExactlyOnce() throws InterruptedException {
        WarningClaims claims = new WarningClaims(4096);
        AtomicInteger granted = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int site = 0; site < 1000; site++) {
                    if (claims.claim(FindingKind.INVALID_ARGUMENT, site, "c")) {
                        granted.incrementAndGet();
                    }
                }
            });
            thread.start();
            threads.add(thread);
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        assertEquals(1000, granted.get());
        assertEquals(1000, claims.size());
    }

    @Test
    void askingAgainForAWarningAlreadySaidAllocatesNothing() {
        WarningClaims claims = new WarningClaims(4096);
        claims.claim(FindingKind.INVALID_ARGUMENT, 42, "env.thread-level");
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        boolean said = false;
        for (int i = 0; i < 1000; i++) {
            said |= claims.claim(FindingKind.INVALID_ARGUMENT, 42, "env.thread-level"); // warm the path first
        }
        long before = bean.getThreadAllocatedBytes(tid);
        for (int i = 0; i < 100_000; i++) {
            said |= claims.claim(FindingKind.INVALID_ARGUMENT, 42, "env.thread-level");
        }
        long allocated = bean.getThreadAllocatedBytes(tid) - before;
        assertFalse(said);
        // a key object per call would be some 2.4 MB here; the bean's own reading takes a few hundred bytes
        assertTrue(allocated < 16_384, allocated + " bytes allocated by 100,000 repeated claims");
    }
}
