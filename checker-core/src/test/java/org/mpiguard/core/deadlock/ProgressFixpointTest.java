package org.mpiguard.core.deadlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.activity.WaitKind;

/**
 * The worklist fixpoint decides exactly as the plain sweeps did ({@link SweepReference}) on
 * thousands of random snapshots mixing every kind of wait, wide ones (more ranks than
 * {@link ProgressFixpoint#WIDE}) included; and the shapes of large jobs are decided right.
 */
class ProgressFixpointTest {

    private static final String[] COMMS = {"1", "2", "3"};

    @Test
    void decidesAsTheSweepsDidOnRandomSnapshots() {
        Random random = new Random(25);
        int deadlocks = 0;
        for (int i = 0; i < 4000; i++) {
            int n = i % 8 == 0 ? 66 + random.nextInt(60) : 2 + random.nextInt(24);
            // every other snapshot almost all blocked: releases then travel far through wide waits
            RankStatus[] byRank = snapshot(random, n, i % 2 == 0);
            List<Integer> expected = SweepReference.deadlocked(byRank);
            assertEquals(expected, WaitForGraph.deadlocked(byRank), "snapshot " + i + " of " + n + " ranks");
            deadlocks += expected.isEmpty() ? 0 : 1;
        }
        assertTrue(deadlocks > 400 && deadlocks < 3600, "both verdicts are exercised: " + deadlocks);
    }

    @Test
    void aLongChainOfReceivesFromTheRightIsReleasedFromItsEnd() {
        int n = 20_000;
        RankStatus[] byRank = new RankStatus[n];
        for (int r = 0; r < n - 1; r++) {
            byRank[r] = Statuses.receive(r, "Comm.recv", r + 1, 0, Statuses.WORLD);
        }
        byRank[n - 1] = Statuses.running(n - 1);
        assertTrue(WaitForGraph.deadlocked(byRank).isEmpty());
        byRank[n - 1] = Statuses.receive(n - 1, "Comm.recv", 0, 0, Statuses.WORLD);
        assertEquals(n, WaitForGraph.deadlocked(byRank).size(), "closed into a ring, every rank is stuck");
    }

    @Test
    void aWideWaitIsJudgedAgainOnceRanksItWaitsForAreReleased() {
        int n = 3 * ProgressFixpoint.WIDE;
        RankStatus[] byRank = new RankStatus[n];
        byRank[0] = Statuses.recvAny(0, IntStream.range(1, n - 1).toArray());
        for (int r = 1; r < n - 1; r++) {
            byRank[r] = Statuses.recv(r, r + 1);
        }
        byRank[n - 1] = Statuses.running(n - 1);
        assertTrue(WaitForGraph.deadlocked(byRank).isEmpty(), "rank 0 is released after the chain it waits on");
        byRank[n - 1] = Statuses.recv(n - 1, 0);
        assertEquals(n, WaitForGraph.deadlocked(byRank).size());
    }

    @Test
    void aBarrierWaitsForItsMissingMemberOnly() {
        int n = 5000;
        RankStatus[] byRank = new RankStatus[n];
        for (int r = 0; r < n; r++) {
            int self = r;
            int[] others = IntStream.range(0, n).filter(c -> c != self).toArray();
            byRank[r] = Statuses.collective(r, "Comm.barrier", "1#3", others);
        }
        byRank[7] = Statuses.recv(7, 8);
        assertEquals(n, WaitForGraph.deadlocked(byRank).size(), "rank 7 waits for rank 8, in the barrier");
        byRank[8] = Statuses.running(8);
        assertFalse(WaitForGraph.deadlocked(byRank).contains(0), "once rank 8 runs, all can finish");
        assertTrue(WaitForGraph.deadlocked(byRank).isEmpty());
    }

    /** One rank in five not blocked (absent, running, finished), or if not {@code mixed} one in twenty. */
    private static RankStatus[] snapshot(Random random, int n, boolean mixed) {
        RankStatus[] byRank = new RankStatus[n];
        for (int r = 0; r < n; r++) {
            int roll = mixed ? random.nextInt(20) : random.nextInt(40) == 0 ? 1 + random.nextInt(4) : 5;
            if (roll == 0) {
                byRank[r] = null;
            } else if (roll < 4) {
                byRank[r] = new RankStatus(r, RankState.RUNNING, 1, List.of(), heldLocks(random), entered(random));
            } else if (roll == 4) {
                byRank[r] = new RankStatus(r, random.nextBoolean() ? RankState.FINISHED : RankState.EXITED, 1,
                        List.of(thread(WaitKind.FINALIZE, new int[0], false, "", Envelopes.ABSENT, false)));
            } else {
                List<ThreadStatus> threads = new ArrayList<>();
                for (int k = random.nextInt(4) == 0 ? 2 : 1; k > 0; k--) {
                    threads.add(blockedThread(random, r, n));
                }
                byRank[r] = new RankStatus(r, RankState.BLOCKED, 1, threads, heldLocks(random), entered(random));
            }
        }
        return byRank;
    }

    private static ThreadStatus blockedThread(Random random, int r, int n) {
        int peer = random.nextInt(n + 2) - 1;   // now and then out of range
        int tag = random.nextInt(2);
        String comm = COMMS[random.nextInt(2)];
        boolean polling = random.nextInt(12) == 0;
        switch (random.nextInt(9)) {
            case 0:
                return thread(WaitKind.SEND, new int[] {peer}, false, "", Envelopes.send(peer, tag, comm), polling);
            case 1:
                return thread(WaitKind.RECEIVE, new int[] {peer}, false, "", Envelopes.receive(peer, tag, comm),
                        polling);
            case 2:
                return thread(WaitKind.RECEIVE, members(random, r, n, false), true, "",
                        Envelopes.receive(Envelopes.ANY, random.nextInt(3) - 1, comm), polling);
            case 3:
                return thread(WaitKind.SEND_RECEIVE, new int[] {peer, (r + 1) % n}, false, "",
                        new Envelopes(peer, tag, (r + 1) % n, random.nextInt(3) - 1, comm), polling);
            case 4:
                return thread(random.nextBoolean() ? WaitKind.SEND : WaitKind.RECEIVE, new int[] {peer},
                        false, "", Envelopes.ABSENT, polling);
            case 5:
                return thread(WaitKind.ANY_OF, members(random, r, n, false), true, "", Envelopes.ABSENT, polling);
            case 6:
                return thread(WaitKind.UNTRACKED, IntStream.range(0, n).filter(c -> c != r).toArray(), true, "",
                        Envelopes.ABSENT, polling);
            case 7:
                return thread(WaitKind.LOCK, new int[] {peer}, true, "w" + random.nextInt(2)
                        + (random.nextBoolean() ? ":E" : ":S"), Envelopes.ABSENT, polling);
            default:
                String key = COMMS[random.nextInt(COMMS.length)] + "#" + (1 + random.nextInt(3));
                return thread(WaitKind.COLLECTIVE, members(random, r, n, random.nextInt(10) == 0), false, key,
                        Envelopes.ABSENT, polling);
        }
    }

    /** Every other rank (most often, as a collective on COMM_WORLD), or a random few; with itself now and then. */
    private static int[] members(Random random, int r, int n, boolean withSelf) {
        if (random.nextInt(3) > 0) {
            return IntStream.range(0, n).filter(c -> c != r || withSelf).toArray();
        }
        return IntStream.range(0, n).filter(c -> (c != r || withSelf) && random.nextInt(3) > 0).toArray();
    }

    private static List<String> heldLocks(Random random) {
        return random.nextInt(4) == 0 ? List.of("w" + random.nextInt(2) + (random.nextBoolean() ? ":E" : ":S"))
                : List.of();
    }

    private static Map<String, Long> entered(Random random) {
        Map<String, Long> entered = new HashMap<>();
        for (String c : COMMS) {
            if (random.nextBoolean()) {
                entered.put(c, (long) random.nextInt(4));
            }
        }
        return entered;
    }

    private static ThreadStatus thread(WaitKind kind, int[] waitsFor, boolean anyOf, String key, Envelopes e,
                                       boolean polling) {
        return new ThreadStatus("t", kind, "op", "C", "m", "C.java", 1, waitsFor, anyOf, key, "", polling, e);
    }
}
