package org.mpiguard.core.args;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Which call a window freed inside an epoch names: the opening of an epoch still open, never a closed one. */
class RmaEpochsOpenedAtTest {

    @Test
    void aLockStillHeldIsNamedNotOneTakenAndReleasedAfterIt() {
        RmaEpochs e = new RmaEpochs(3);
        e.lock(1, RmaEpochs.EXCLUSIVE);
        e.lockedAt(1, 11);
        e.lock(2, RmaEpochs.SHARED);
        e.lockedAt(2, 12);
        e.unlock(2);
        assertEquals(11, e.openedAt());
        e.unlock(1);
        assertEquals(0, e.openedAt());
    }

    @Test
    void aPostStillOpenIsNamedAfterALockEpochClosed() {
        RmaEpochs e = new RmaEpochs(2);
        e.post();
        e.postedAt(20);
        e.lock(1, RmaEpochs.SHARED);
        e.lockedAt(1, 21);
        e.unlock(1);
        assertEquals(20, e.openedAt());
        e.waitExposure();
        assertEquals(0, e.openedAt());
    }

    @Test
    void lockAllAndStartAreNamedWhileOpen() {
        RmaEpochs e = new RmaEpochs(2);
        e.start();
        e.startedAt(30);
        e.lockAll();
        e.lockAllAt(31);
        assertEquals(31, e.openedAt());
        e.unlockAll();
        assertEquals(30, e.openedAt());
    }
}
