package org.mpiguard.core.args;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StateRulesTest {

    @Test
    void anRmaOperationNeedsAFenceAStartALockOnItsTargetOrLockAll() {
        RmaEpochs e = new RmaEpochs(3);
        assertFalse(e.canAccess(1));
        e.fence(false);
        assertTrue(e.canAccess(1));
        e.fence(true);
        assertFalse(e.canAccess(1));
        e.lock(1);
        assertTrue(e.canAccess(1));
        assertFalse(e.canAccess(2));
        assertTrue(e.passiveTowards(1));
        e.unlock(1);
        assertFalse(e.anyPassive());
        e.lockAll();
        assertTrue(e.canAccess(2) && e.inLockAll() && e.anyPassive());
        e.unlockAll();
        e.start();
        assertTrue(e.canAccess(0) && e.pscwOpen());
        e.complete();
        e.post();
        assertTrue(e.pscwOpen() && e.exposurePosted());
        assertFalse(e.canAccess(0), "an exposure epoch is no access epoch");
        e.waitExposure();
        assertFalse(e.pscwOpen());
    }

    @Test
    void locksOutsideTheGroupAreIgnoredAndCountedOnce() {
        RmaEpochs e = new RmaEpochs(2);
        e.lock(5);
        e.lock(-1);
        assertFalse(e.anyPassive());
        e.lock(0);
        e.lock(0);
        e.unlock(0);
        assertFalse(e.anyPassive());
    }

    @Test
    void aHandleSetForgetsRemovedHandlesAndIsEmptyWithoutALock() {
        HandleSet set = new HandleSet();
        Object a = new Object();
        assertTrue(set.isEmpty());
        assertFalse(set.contains(a));
        set.add(a);
        assertTrue(set.contains(a));
        assertFalse(set.contains(new Object()));
        set.remove(a);
        assertFalse(set.contains(a));
        assertEquals(0, set.size());
    }

    @Test
    void aHandleSetDropsHandlesTheProgramNoLongerHolds() throws Exception {
        HandleSet set = new HandleSet();
        for (int i = 0; i < 1000; i++) {
            set.add(new Object());
        }
        for (int i = 0; i < 50 && set.size() > 0; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(0, set.size());
    }

    @Test
    void clobberedElementsAreFoundDescribedAndRestored() {
        int[] array = {7, -1, -1, -1};
        int[] snapshot = new int[4];
        Clobbered.save(array, 0, 4, snapshot);
        array[0] = 7;
        array[2] = 13;
        array[3] = 14;
        assertEquals(2, Clobbered.firstChanged(array, 0, 1, 4, snapshot));
        assertEquals(2, Clobbered.countChanged(array, 0, 1, 4, snapshot));
        assertEquals("elements [1..3] now hold [-1, 13, 14] where they held [-1, -1, -1]",
                Clobbered.describe(array, 0, 1, 4, snapshot));
        Clobbered.restore(array, 0, 1, 4, snapshot);
        assertEquals("[7, -1, -1, -1]", Arrays.toString(array));
        assertEquals(-1, Clobbered.firstChanged(array, 0, 1, 4, snapshot));
    }

    @Test
    void nanBitsAndOffsetsAreComparedExactly() {
        double[] array = {0, 1, Double.NaN, 3};
        double[] snapshot = new double[3];
        Clobbered.save(array, 1, 3, snapshot);
        assertEquals(-1, Clobbered.firstChanged(array, 1, 0, 3, snapshot));
        array[3] = 4;
        assertEquals(3, Clobbered.firstChanged(array, 1, 0, 3, snapshot));
    }

    /** Every primitive element type: the first changed index past what arrived, at an offset, or none. */
    @Test
    void everyElementTypeFindsTheFirstChangedElementPastWhatArrived() {
        Object[] arrays = {new byte[9], new short[9], new char[9], new int[9], new long[9], new float[9],
            new double[9], new boolean[9]};
        for (Object array : arrays) {
            Object snapshot = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), 6);
            Clobbered.save(array, 2, 6, snapshot);
            String type = array.getClass().getComponentType().getName();
            assertEquals(-1, Clobbered.firstChanged(array, 2, 1, 6, snapshot), type);
            set(array, 2); // element 0 of the region: it arrived, so it may change
            assertEquals(-1, Clobbered.firstChanged(array, 2, 1, 6, snapshot), type);
            set(array, 6);
            set(array, 7);
            assertEquals(6, Clobbered.firstChanged(array, 2, 1, 6, snapshot), type);
            assertEquals(-1, Clobbered.firstChanged(array, 2, 6, 6, snapshot), type + ": all of it arrived");
            set(array, 8); // past the region
            Clobbered.restore(array, 2, 1, 6, snapshot);
            assertEquals(-1, Clobbered.firstChanged(array, 2, 1, 6, snapshot), type);
        }
    }

    private static void set(Object array, int i) {
        if (array instanceof boolean[] b) {
            b[i] = true;
        } else if (array instanceof char[] c) {
            c[i] = 'x';
        } else {
            java.lang.reflect.Array.set(array, i, array instanceof byte[] ? (Object) (byte) 5
                    : array instanceof short[] ? (Object) (short) 5 : array instanceof int[] ? (Object) 5
                    : array instanceof long[] ? (Object) 5L : array instanceof float[] ? (Object) 5f : (Object) 5d);
        }
    }
}
