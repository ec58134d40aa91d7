package org.mpiguard.advice.args;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mpiguard.adapter.shadow.Shadow;

/** The argument checks' per-site memory of the last valid call (no MPI: plain objects stand for handles). */
class CheckedCallsTest {

    private final Object comm = new Object();
    private final Object buf = new int[4];
    private final Object type = new Object();

    @BeforeEach
    void forget() {
        CheckedCalls.clear();
    }

    private void remember(int site) {
        CheckedCalls.valid(site, Shadow.frees(), comm, buf, type, null, null, 2, 1, 7, 0, 0, 0);
    }

    private boolean same(int site) {
        return CheckedCalls.same(site, comm, buf, type, null, null, 2, 1, 7, 0, 0, 0);
    }

    @Test
    void aSiteRemembersItsLastValidArgumentsOnly() {
        assertFalse(same(3), "nothing is known before a full check");
        remember(3);
        assertTrue(same(3));
        assertFalse(same(4), "another site");
        assertFalse(CheckedCalls.same(3, comm, new int[5], type, null, null, 2, 1, 7, 0, 0, 0), "a longer array");
        assertFalse(CheckedCalls.same(3, comm, new long[4], type, null, null, 2, 1, 7, 0, 0, 0), "another element type");
        assertFalse(CheckedCalls.same(3, comm, java.nio.IntBuffer.allocate(4), type, null, null, 2, 1, 7, 0, 0, 0),
                "a buffer object, compared by identity");
        assertFalse(CheckedCalls.same(3, comm, buf, new Object(), null, null, 2, 1, 7, 0, 0, 0), "another datatype");
        assertFalse(CheckedCalls.same(3, comm, buf, type, null, null, 3, 1, 7, 0, 0, 0), "another count");
        assertFalse(CheckedCalls.same(3, comm, buf, type, null, null, 2, 0, 7, 0, 0, 0), "another peer");
        assertFalse(CheckedCalls.same(3, comm, buf, type, null, null, 2, 1, 8, 0, 0, 0), "another tag");
    }

    @Test
    void aFreeOfAnyHandleMakesEverySiteCheckAgain() {
        remember(5);
        new Shadow(new Object(), 0, 0) { }.markFreed();
        assertFalse(same(5));
        remember(5);
        assertTrue(same(5), "checked again after the free, remembered again");
    }

    @Test
    void aFreeDuringTheFullCheckLeavesTheEntryStale() {
        int before = Shadow.frees();
        new Shadow(new Object(), 0, 0) { }.markFreed();
        CheckedCalls.valid(6, before, comm, buf, type, null, null, 2, 1, 7, 0, 0, 0);
        assertFalse(same(6));
    }

    @Test
    void aSiteWhoseArgumentsKeepChangingIsNoLongerRemembered() {
        for (int i = 0; i < CheckedCalls.MAX_MISSES; i++) {
            CheckedCalls.valid(9, Shadow.frees(), comm, new int[1], type, null, null, i, 1, 7, 0, 0, 0);
        }
        remember(9);
        assertFalse(same(9), "after " + CheckedCalls.MAX_MISSES + " changes the site is checked in full, nothing kept");
    }

    @Test
    void aSiteIsGivenUpOnlyAfterMissesInARowNotOverTheRun() {
        // each phase meets new arguments (a multigrid level, a step's sizes) and repeats them while it lasts
        int phases = 4 * CheckedCalls.MAX_MISSES;
        int fullChecks = 0;
        for (int phase = 0; phase < phases; phase++) {
            for (int repeat = 0; repeat < 3; repeat++) {
                if (!CheckedCalls.same(16, comm, buf, type, null, null, 1 + phase, 1, 11, 0, 0, 0)) {
                    fullChecks++;
                    CheckedCalls.valid(16, Shadow.frees(), comm, buf, type, null, null, 1 + phase, 1, 11, 0, 0, 0);
                }
            }
        }
        assertEquals(phases, fullChecks, "one full check a phase: the site is never given up while its repeats hit");
    }

    @Test
    void sitesBeyondTheFirstTableAreRemembered() {
        remember(100_000);
        assertTrue(same(100_000));
        assertFalse(same(-1));
    }

    @Test
    void anArrayMadePerCallIsTheSameBufferByItsClassAndLength() {
        remember(11);
        assertTrue(CheckedCalls.same(11, comm, new int[4], type, null, null, 2, 1, 7, 0, 0, 0),
                "what the checks ask of an array buffer is its element type and length");
        assertFalse(CheckedCalls.same(11, new Object(), new int[4], type, null, null, 2, 1, 7, 0, 0, 0),
                "a handle is compared by identity");
    }

    @Test
    void buffersAliasedOnlyNowOrOnlyThenAreNotTheSameCall() {
        double[] send = new double[3];
        double[] recv = new double[3];
        CheckedCalls.valid(12, Shadow.frees(), comm, send, type, recv, type, 3, 1, 7, 3, 1, 7);
        assertTrue(CheckedCalls.same(12, comm, new double[3], type, new double[3], type, 3, 1, 7, 3, 1, 7));
        double[] one = new double[3];
        assertFalse(CheckedCalls.same(12, comm, one, type, one, type, 3, 1, 7, 3, 1, 7),
                "one array as both buffers must meet the aliasing check");
        CheckedCalls.clear();
        CheckedCalls.valid(13, Shadow.frees(), comm, one, type, null, type, 3, 1, 7, 3, 1, 7);
        assertFalse(CheckedCalls.same(13, comm, new double[3], type, null, new Object(), 3, 1, 7, 3, 1, 7),
                "a datatype other than the one remembered");
    }

    @Test
    void aSiteCalledWithOneSetOfArgumentsPerNeighbourInTurnMissesOnlyOnItsFirstRound() {
        Object[] buffers = {new Object(), new Object(), new Object(), new Object()};
        int misses = 0;
        for (int round = 0; round < 3 * CheckedCalls.MAX_MISSES; round++) {
            for (int k = 0; k < buffers.length; k++) {
                // a 2-D halo exchange: iRecv(in[k], n[k], DOUBLE, peer[k], 20 + k) from one site
                if (!CheckedCalls.same(14, comm, buffers[k], type, null, null, 10 + k, k, 20 + k, 0, 0, 0)) {
                    misses++;
                    CheckedCalls.valid(14, Shadow.frees(), comm, buffers[k], type, null, null, 10 + k, k, 20 + k, 0,
                            0, 0);
                }
            }
        }
        assertEquals(buffers.length, misses, "four neighbours: four full checks, then none");
    }

    @Test
    void aSiteKeepsItsLastWaysCallsAndForgetsTheOneBeforeThem() {
        for (int peer = 0; peer <= CheckedCalls.WAYS; peer++) {
            CheckedCalls.valid(15, Shadow.frees(), comm, buf, type, null, null, 2, peer, 7, 0, 0, 0);
        }
        for (int peer = 1; peer <= CheckedCalls.WAYS; peer++) {
            assertTrue(CheckedCalls.same(15, comm, buf, type, null, null, 2, peer, 7, 0, 0, 0), "peer " + peer);
        }
        assertFalse(CheckedCalls.same(15, comm, buf, type, null, null, 2, 0, 7, 0, 0, 0),
                CheckedCalls.WAYS + " calls kept: the oldest goes");
    }
}
