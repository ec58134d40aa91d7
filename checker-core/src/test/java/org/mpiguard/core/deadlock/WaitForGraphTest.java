package org.mpiguard.core.deadlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiguard.core.deadlock.Statuses.blocked;
import static org.mpiguard.core.deadlock.Statuses.collective;
import static org.mpiguard.core.deadlock.Statuses.finished;
import static org.mpiguard.core.deadlock.Statuses.recv;
import static org.mpiguard.core.deadlock.Statuses.recvAny;
import static org.mpiguard.core.deadlock.Statuses.running;
import static org.mpiguard.core.deadlock.Statuses.send;
import static org.mpiguard.core.deadlock.Statuses.WORLD;
import static org.mpiguard.core.deadlock.Statuses.p2p;
import static org.mpiguard.core.deadlock.Statuses.receive;
import static org.mpiguard.core.deadlock.Statuses.sendRecv;
import static org.mpiguard.core.deadlock.Statuses.thread;

import java.util.List;
import java.util.Map;
import org.mpiguard.core.activity.WaitKind;
import org.junit.jupiter.api.Test;

class WaitForGraphTest {

    @Test
    void twoRanksReceivingFromEachOtherAreDeadlocked() {
        assertEquals(List.of(0, 1), WaitForGraph.deadlocked(new RankStatus[] {recv(0, 1), recv(1, 0)}));
    }

    @Test
    void aReceiveFromARunningRankIsNotADeadlock() {
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {recv(0, 1), running(1)}).isEmpty());
    }

    @Test
    void aChainEndingAtARunningRankIsNotADeadlock() {
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {recv(0, 1), recv(1, 2), running(2)}).isEmpty());
    }

    @Test
    void aChainEndingAtAFinishedRankIsADeadlockOfTheWaitersOnly() {
        List<Integer> stuck = WaitForGraph.deadlocked(new RankStatus[] {finished(0, 18), recv(1, 0), recv(2, 1)});
        assertEquals(List.of(1, 2), stuck);
    }

    @Test
    void aRankThatDidNotAnswerIsNeverBlamedAndReleasesItsWaiters() {
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {recv(0, 1), RankStatus.unknown(1)}).isEmpty());
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {recv(0, 1), null}).isEmpty());
    }

    @Test
    void anAnySourceReceiveNeedsOnlyOneCandidateThatCanProgress() {
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {recvAny(0, 1, 2), recv(1, 0), running(2)}).isEmpty());
        assertEquals(List.of(0, 1, 2),
                WaitForGraph.deadlocked(new RankStatus[] {recvAny(0, 1, 2), recv(1, 0), recv(2, 1)}));
    }

    @Test
    void aSendRingIsDeadlocked() {
        assertEquals(List.of(0, 1, 2), WaitForGraph.deadlocked(new RankStatus[] {send(0, 1), send(1, 2), send(2, 0)}));
    }

    @Test
    void ranksInTheSameCollectiveWaitOnlyForTheMissingMember() {
        String world = "[0, 1, 2]";
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {
            collective(0, "Comm.barrier", world, 1, 2), collective(1, "Comm.barrier", world, 0, 2), running(2)})
                .isEmpty());
        assertEquals(List.of(0, 1), WaitForGraph.deadlocked(new RankStatus[] {
            collective(0, "Comm.barrier", world, 1, 2), collective(1, "Comm.barrier", world, 0, 2), finished(2, 9)}));
    }

    @Test
    void differentlyNumberedCollectivesOnOneCommunicatorAreDeadlocked() {
        assertEquals(List.of(0, 1), WaitForGraph.deadlocked(new RankStatus[] {
            collective(0, "Comm.barrier", "[0, 1]#3", 1), collective(1, "Comm.barrier", "[0, 1]#4", 0)}));
    }

    @Test
    void aMemberThatAlreadyEnteredTheCollectiveAndMovedOnDoesNotHoldItUp() {
        RankStatus root = collective(0, "Comm.reduce", "1#7", 1);
        RankStatus movedOn = new RankStatus(1, RankState.BLOCKED, 5,
                List.of(thread(WaitKind.COLLECTIVE, "Comm.barrier", 59, new int[] {0}, false, "1#8")),
                List.of(), java.util.Map.of("1", 8L));
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {root, movedOn}).isEmpty(),
                "rank 1 passed reduce number 7; the root will complete it");
        RankStatus behind = new RankStatus(1, RankState.BLOCKED, 5,
                List.of(thread(WaitKind.RECEIVE, "Comm.recv", 60, new int[] {0}, false, "")),
                List.of(), java.util.Map.of("1", 6L));
        assertEquals(List.of(0, 1), WaitForGraph.deadlocked(new RankStatus[] {root, behind}));
    }

    @Test
    void aLockWaitIsReleasedByTheTargetOrAConflictingHolderThatCanProgress() {
        ThreadStatus wantsLock = thread(WaitKind.LOCK, "Win.lock", 24, new int[] {2}, true, "win:1#2@2:E");
        RankStatus holderInBarrier = new RankStatus(0, RankState.BLOCKED, 5,
                List.of(thread(WaitKind.COLLECTIVE, "Comm.barrier", 23, new int[] {1, 2}, false, "1#3")),
                List.of("win:1#2@2:E"), Map.of());
        RankStatus target = collective(2, "Comm.barrier", "1#3", 0, 1);
        assertEquals(List.of(0, 1, 2), WaitForGraph.deadlocked(new RankStatus[] {holderInBarrier, blocked(1, wantsLock),
            target}));
        assertEquals(List.of(0), WaitForGraph.lockHolders(new RankStatus[] {holderInBarrier, blocked(1, wantsLock),
            target}, 1, wantsLock));
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {holderInBarrier, blocked(1, wantsLock), running(2)})
                .isEmpty(), "the target still runs: it may yet let the lock go");
    }

    @Test
    void aSharedLockConflictsOnlyWithAnExclusiveHolder() {
        RankStatus sharedHolder = new RankStatus(0, RankState.RUNNING, 5, List.of(), List.of("w@2:S"), Map.of());
        assertFalse(sharedHolder.holdsConflicting("w@2", false));
        assertTrue(sharedHolder.holdsConflicting("w@2", true));
        assertFalse(sharedHolder.holdsConflicting("w@1", true));
    }

    @Test
    void aRankPollingForWhatAFinishedRankNeverSendsIsLivelockedButNotDeadlocked() {
        ThreadStatus polls = new ThreadStatus("main", WaitKind.RECEIVE, "Request.test", "com.acme.Ring", "main",
                "Ring.java", 37, new int[] {1}, false, "", "from rank 1", true);
        RankStatus poller = new RankStatus(0, RankState.RUNNING, 7, List.of(polls));
        RankStatus[] byRank = {poller, finished(1, 48)};
        assertTrue(WaitForGraph.deadlocked(byRank).isEmpty());
        assertEquals(List.of(0), WaitForGraph.livelocked(byRank));
        assertTrue(WaitForGraph.livelocked(new RankStatus[] {poller, running(1)}).isEmpty(),
                "rank 1 may still send");
    }

    @Test
    void aCollectiveCycleWithPointToPointIsDeadlocked() {
        String world = "[0, 1, 2]";
        assertEquals(List.of(0, 1, 2), WaitForGraph.deadlocked(new RankStatus[] {
            collective(0, "Comm.barrier", world, 1, 2), collective(1, "Comm.barrier", world, 0, 2), recv(2, 0)}));
    }

    @Test
    void aRankWithOneReleasableThreadIsNotDeadlocked() {
        RankStatus twoThreads = blocked(0,
                thread(WaitKind.RECEIVE, "Comm.recv", 10, new int[] {1}, false, ""),
                thread(WaitKind.RECEIVE, "Comm.recv", 11, new int[] {2}, false, ""));
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {twoThreads, recv(1, 0), running(2)}).isEmpty());
        assertEquals(List.of(0, 1, 2), WaitForGraph.deadlocked(new RankStatus[] {twoThreads, recv(1, 0), recv(2, 0)}));
    }

    @Test
    void peersOutsideTheWorldAreIgnoredNotTrusted() {
        assertEquals(List.of(0), WaitForGraph.deadlocked(new RankStatus[] {
            blocked(0, thread(WaitKind.RECEIVE, "Comm.recv", 3, new int[] {-1}, true, ""))}));
    }

    // Point-to-point calls matched with their peers' calls

    private static final int NULL = Envelopes.NONE;
    private static final int ANY = Envelopes.ANY;

    @Test
    void twoRanksInSendRecvWithEachOtherAreNotDeadlockedHoweverLongTheTransferTakes() {
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {sendRecv(0, 1, 5, 1, 5), sendRecv(1, 0, 5, 0, 5)})
                .isEmpty());
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {sendRecv(0, 1, 5, 1, 6), sendRecv(1, 0, 6, 0, 5)})
                .isEmpty(), "each direction has its own tag");
    }

    @Test
    void aLargeSendToARankBlockedInTheMatchingReceiveOrProbeIsNotADeadlock() {
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {
            send(0, "Comm.send", 1, 7, WORLD), receive(1, "Comm.recv", 0, 7, WORLD)}).isEmpty());
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {
            receive(0, "Comm.recv", 1, 7, WORLD), send(1, "Comm.sSend", 0, 7, WORLD)}).isEmpty());
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {
            send(0, "Comm.send", 1, 7, WORLD), receive(1, "Comm.probe", 0, 7, WORLD)}).isEmpty(),
                "the probe sees the message's envelope and returns");
    }

    @Test
    void anySourceAndAnyTagMatchEverySender() {
        RankStatus finished = finished(2, 30);
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {
            send(0, "Comm.send", 1, 7, WORLD), receive(1, "Comm.recv", ANY, 7, WORLD, 0, 2), finished}).isEmpty());
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {
            send(0, "Comm.send", 1, 7, WORLD), receive(1, "Comm.recv", 0, ANY, WORLD), finished}).isEmpty());
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {
            receive(0, "Comm.recv", ANY, ANY, WORLD, 1, 2), sendRecv(1, 0, 3, 0, 3), finished}).isEmpty(),
                "the send half of a sendRecv matches a wildcard receive");
    }

    @Test
    void aSendToARankReceivingAnotherMessageIsStillDeadlocked() {
        RankStatus sends = send(0, "Comm.send", 1, 7, WORLD);
        assertEquals(List.of(0, 1), WaitForGraph.deadlocked(new RankStatus[] {
            sends, receive(1, "Comm.recv", 0, 8, WORLD)}), "another tag");
        assertEquals(List.of(0, 1), WaitForGraph.deadlocked(new RankStatus[] {
            sends, receive(1, "Comm.recv", 2, 7, WORLD), finished(2, 30)}), "another source");
        assertEquals(List.of(0, 1), WaitForGraph.deadlocked(new RankStatus[] {
            sends, receive(1, "Comm.recv", 0, 7, "5bd1e995")}), "another communicator");
    }

    @Test
    void twoRanksInSynchronousSendsToEachOtherAreStillDeadlocked() {
        assertEquals(List.of(0, 1), WaitForGraph.deadlocked(new RankStatus[] {
            send(0, "Comm.sSend", 1, 3, WORLD), send(1, "Comm.sSend", 0, 3, WORLD)}));
    }

    @Test
    void twoRanksReceivingFromEachOtherWithNoSendAreStillDeadlocked() {
        assertEquals(List.of(0, 1), WaitForGraph.deadlocked(new RankStatus[] {
            receive(0, "Comm.recv", 1, 3, WORLD), receive(1, "Comm.recv", 0, 3, WORLD)}));
        assertEquals(List.of(0, 1), WaitForGraph.deadlocked(new RankStatus[] {
            receive(0, "Comm.recv", ANY, ANY, WORLD, 1), receive(1, "Comm.recv", ANY, ANY, WORLD, 0)}));
    }

    @Test
    void aProcNullHalfIsNeitherAnEdgeNorARelease() {
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {sendRecv(0, 1, 1, NULL, 1), sendRecv(1, NULL, 1, 0, 1)})
                .isEmpty(), "the ends of a non-periodic shift");
        assertEquals(List.of(0, 1), WaitForGraph.deadlocked(new RankStatus[] {
            sendRecv(0, NULL, 1, 1, 1), receive(1, "Comm.recv", 0, 1, WORLD)}),
                "rank 0 sends nothing that rank 1 could receive");
    }

    @Test
    void aSendRecvOneOfWhoseHalvesMayBeDoneIsReleasedByTheOther() {
        // The neighbours of a slow rank 0 in an up-then-down halo shift: rank 1 has sent
        // upward and waits for rank 0; rank 2 has received from rank 1 and moved on to its
        // downward exchange; rank 3 is a step ahead. Nobody matches rank 1's send any more,
        // yet every wait completes once rank 0 sends.
        RankStatus[] byRank = {running(0), sendRecv(1, 2, 1, 0, 1), sendRecv(2, 1, 2, 3, 2),
            sendRecv(3, NULL, 1, 2, 1)};
        assertTrue(WaitForGraph.deadlocked(byRank).isEmpty());
        byRank[0] = finished(0, 44);
        assertEquals(List.of(1, 2, 3), WaitForGraph.deadlocked(byRank), "rank 0 finished without sending");
    }

    @Test
    void aSendRecvRingWhereEachRankReceivesFromTheWrongNeighbourIsStillDeadlocked() {
        assertEquals(List.of(0, 1, 2), WaitForGraph.deadlocked(new RankStatus[] {
            sendRecv(0, 1, 5, 1, 5), sendRecv(1, 2, 5, 2, 5), sendRecv(2, 0, 5, 0, 5)}));
    }

    @Test
    void aSendToItsOwnRankIsReleasedByAnotherThreadReceivingIt() {
        RankStatus twoThreads = blocked(0,
                p2p(WaitKind.SEND, "Comm.sSend", 10, new int[] {0}, false, Envelopes.send(0, 4, WORLD)),
                p2p(WaitKind.RECEIVE, "Comm.recv", 11, new int[] {0}, false, Envelopes.receive(0, 4, WORLD)));
        assertTrue(WaitForGraph.deadlocked(new RankStatus[] {twoThreads}).isEmpty());
        assertEquals(List.of(0), WaitForGraph.deadlocked(new RankStatus[] {
            send(0, "Comm.sSend", 0, 4, WORLD)}));
    }
}
