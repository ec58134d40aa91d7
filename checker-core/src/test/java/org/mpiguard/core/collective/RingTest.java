package org.mpiguard.core.collective;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.Severity;

class RingTest {

    static final int INT = 3;
    static final int LONG = 4;
    static final int BYTE = 1;
    static final int SUM = 20;
    static final int MAX = 21;

    static final CollectiveCall.CodeNames NAMES = new CollectiveCall.CodeNames() {
        @Override
        public String typeName(int typeCode, int typeSize) {
            return typeCode == INT ? "MPI.INT" : typeCode == LONG ? "MPI.LONG" : "a derived datatype";
        }

        @Override
        public String opName(int opCode) {
            return opCode == SUM ? "MPI.SUM" : opCode == MAX ? "MPI.MAX" : "a user-defined operation";
        }
    };

    static CollectiveCall call(int rank, long seq, CollectiveKind kind, boolean nb, int root, int op, int count,
                               int type, int typeSize, int line) {
        return new CollectiveCall(CommIdentity.WORLD_ID, seq, kind, nb, root, op, count, type, typeSize, rank,
                "Comm." + kind.methodName(nb), "com.acme.Solver", "main", "Solver.java", line);
    }

    static CollectiveCall bcast(int rank, long seq, int root, int count, int type, int size) {
        return call(rank, seq, CollectiveKind.BCAST, false, root, 0, count, type, size, 10);
    }

    @Test
    void agreeingCallsMatch() {
        assertNull(CollectiveMatcher.mismatch(bcast(0, 1, 0, 4, INT, 4), bcast(1, 1, 0, 4, INT, 4), NAMES));
        CollectiveCall a = call(0, 2, CollectiveKind.ALL_REDUCE, false, -1, SUM, 8, INT, 4, 12);
        CollectiveCall b = call(1, 2, CollectiveKind.ALL_REDUCE, false, -1, SUM, 8, INT, 4, 14);
        assertNull(CollectiveMatcher.mismatch(a, b, NAMES));
    }

    @Test
    void differentOperationsRootsReductionsAndSignaturesAreMismatches() {
        CollectiveCall barrier = call(1, 1, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, 11);
        assertEquals("different collective operations",
                CollectiveMatcher.mismatch(bcast(0, 1, 0, 4, INT, 4), barrier, NAMES));
        assertTrue(CollectiveMatcher.mismatch(bcast(0, 1, 0, 4, INT, 4), bcast(1, 1, 2, 4, INT, 4), NAMES)
                .contains("different roots (0 and 2)"));
        CollectiveCall sum = call(0, 1, CollectiveKind.ALL_REDUCE, false, -1, SUM, 1, INT, 4, 12);
        CollectiveCall max = call(1, 1, CollectiveKind.ALL_REDUCE, false, -1, MAX, 1, INT, 4, 12);
        assertTrue(CollectiveMatcher.mismatch(sum, max, NAMES).contains("MPI.SUM and MPI.MAX"));
        assertTrue(CollectiveMatcher.mismatch(bcast(0, 1, 0, 4, INT, 4), bcast(1, 1, 0, 2, LONG, 8), NAMES)
                .contains("4 of MPI.INT and 2 of MPI.LONG"), "same bytes, different type signature");
        assertTrue(CollectiveMatcher.mismatch(bcast(0, 1, 0, 4, INT, 4), bcast(1, 1, 0, 3, INT, 4), NAMES)
                .contains("type signatures"));
    }

    @Test
    void theBlockingAndTheNonblockingVariantDoNotMatch() {
        CollectiveCall blocking = call(0, 1, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, 11);
        CollectiveCall nonblocking = call(1, 1, CollectiveKind.BARRIER, true, -1, 0, -1, 0, -1, 12);
        assertTrue(CollectiveMatcher.mismatch(blocking, nonblocking, NAMES).contains("nonblocking"));
    }

    @Test
    void derivedTypesAreComparedByBytesAndUserOperationsAreNotCompared() {
        assertNull(CollectiveMatcher.mismatch(bcast(0, 1, 0, 4, INT, 4), bcast(1, 1, 0, 1, 0, 16), NAMES));
        assertNotNull(CollectiveMatcher.mismatch(bcast(0, 1, 0, 4, INT, 4), bcast(1, 1, 0, 1, 0, 8), NAMES));
        CollectiveCall user = call(0, 1, CollectiveKind.REDUCE, false, 0, 0, 1, INT, 4, 12);
        CollectiveCall sum = call(1, 1, CollectiveKind.REDUCE, false, 0, SUM, 1, INT, 4, 12);
        assertNull(CollectiveMatcher.mismatch(user, sum, NAMES));
    }

    @Test
    void theComparerPairsCallsByNumberWhicheverSideArrivesFirst() {
        RingComparer ring = new RingComparer(NAMES);
        for (long n = 1; n <= 100; n++) {
            assertNull(ring.addNeighbour(bcast(1, n, 0, 4, INT, 4)));
        }
        for (long n = 1; n <= 100; n++) {
            assertNull(ring.addOwn(bcast(0, n, 0, 4, INT, 4)));
        }
        assertEquals(0, ring.pending(), "every pair was compared and dropped");
        assertNull(ring.addOwn(bcast(0, 101, 0, 4, INT, 4)));
        RingComparer.Mismatch m = ring.addNeighbour(bcast(1, 101, 3, 4, INT, 4));
        assertNotNull(m);
        assertEquals(101, m.mine().seq());
        assertNull(ring.addOwn(bcast(0, 102, 0, 4, INT, 4)), "one finding per communicator");
    }

    @Test
    void aCallWhosePartnerWasDroppedIsSkipped() {
        RingComparer ring = new RingComparer(NAMES);
        assertNull(ring.addOwn(bcast(0, 1, 0, 4, INT, 4)));
        assertNull(ring.addOwn(bcast(0, 3, 0, 4, INT, 4)));
        assertNull(ring.addNeighbour(bcast(1, 2, 9, 4, INT, 4)), "number 2 of this rank was dropped");
        assertNotNull(ring.addNeighbour(bcast(1, 3, 9, 4, INT, 4)));
    }

    @Test
    void theCodecCarriesEveryFieldAndSite() throws Exception {
        List<CollectiveCall> calls = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            calls.add(call(2, i + 1, CollectiveKind.values()[i % CollectiveKind.values().length], i % 3 == 0,
                    i % 4, i % 5, i, i % 7, i % 9 - 1, 30 + i % 2));
        }
        calls.add(new CollectiveCall(77, 9, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, 5, "Comm.barrier",
                "x.Y", "run", null, -1));
        byte[] bytes = CollectiveCodec.encode(calls);
        assertEquals(calls, CollectiveCodec.decode(bytes, bytes.length));
    }

    @Test
    void theLogHandsOverCallsInOrderAndDropsWhenFull() {
        CollectiveLog log = new CollectiveLog();
        CommIdentity world = new CommIdentity(CommIdentity.WORLD_ID, new int[] {0, 1, 2}, 0);
        for (int i = 0; i < CollectiveLog.CAPACITY + 5; i++) {
            log.append(world, i + 1, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, 7 + i % 2);   // no runs
        }
        assertEquals(5, log.dropped());
        List<Long> seqs = new ArrayList<>();
        CollectiveLog.RunSink eachCall = (c, first, calls, k, nb, root, op, count, t, ts, site) -> {
            for (int i = 0; i < calls; i++) {
                seqs.add(first + i);
            }
        };
        assertEquals(CollectiveLog.CAPACITY, log.drainRuns(eachCall));
        assertEquals(1L, seqs.get(0));
        assertEquals((long) CollectiveLog.CAPACITY, seqs.get(seqs.size() - 1));
        assertEquals(0, log.drainRuns(eachCall));
    }

    @Test
    void theOwnerWakesTheConsumerWhenItsLogIsHalfFullOfDistinctCalls() {
        CollectiveLog log = new CollectiveLog();
        CommIdentity world = new CommIdentity(CommIdentity.WORLD_ID, new int[] {0, 1}, 0);
        CollectiveLog.RunSink ignore = (c, first, calls, k, nb, root, op, count, t, ts, site) -> { };
        CollectiveLog.wakeWhenHalfFull(Thread.currentThread());
        try {
            long seq = 0;
            for (int filling = 0; filling < 3; filling++) {
                while (log.pending() < CollectiveLog.HALF) {
                    seq++;
                    log.append(world, seq, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, 7 + (int) (seq % 2));
                }
                seq++;
                log.append(world, seq, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, 7 + (int) (seq % 2));
                long start = System.nanoTime();
                java.util.concurrent.locks.LockSupport.parkNanos(java.util.concurrent.TimeUnit.SECONDS.toNanos(20));
                long waitedMillis = (System.nanoTime() - start) / 1_000_000;
                assertTrue(waitedMillis < 10_000, "the append at half full woke the consumer (filling " + filling
                        + ", waited " + waitedMillis + " ms)");
                assertTrue(log.drainRuns(ignore) > 0);
                assertEquals(1, log.pending(), "only the newest entry is kept, for it may grow");
            }
            assertEquals(0, log.dropped());
        } finally {
            CollectiveLog.wakeWhenHalfFull(null);
        }
    }

    @Test
    void aLoopOfOneCollectiveFillsOneEntryAndEveryCallIsHandedOverOnceWhereverTheDrainsFall() {
        CollectiveLog log = new CollectiveLog();
        CommIdentity world = new CommIdentity(CommIdentity.WORLD_ID, new int[] {0, 1}, 0);
        long[] next = {1};
        long[] runs = {0};
        CollectiveLog.RunSink check = (c, first, calls, k, nb, root, op, count, t, ts, site) -> {
            assertEquals(next[0], first, "in order, none twice, none lost");
            next[0] = first + calls;
            runs[0]++;
        };
        java.util.Random random = new java.util.Random(7);
        for (long seq = 1; seq <= 3_000_000; seq++) {
            log.append(world, seq, CollectiveKind.ALL_REDUCE, false, -1, 20, 1, 3, 4, 9);
            if (random.nextInt(100_000) == 0) {
                log.drainRuns(check);
                assertEquals(1, log.pending(), "a loop holds one entry");
            }
        }
        log.drainRuns(check);
        assertEquals(3_000_001, next[0]);
        assertEquals(0, log.dropped());
        assertEquals(0, log.drainRuns(check), "nothing is handed over twice");
        assertTrue(runs[0] < 100, runs[0] + " runs: one per drain");
    }

    @Test
    void anOwnerAndAConsumerRacingLoseNoCallAndHandNoneTwice() throws Exception {
        CollectiveLog log = new CollectiveLog();
        CommIdentity world = new CommIdentity(CommIdentity.WORLD_ID, new int[] {0, 1}, 0);
        long total = 4_000_000;
        Thread owner = new Thread(() -> {
            for (long seq = 1; seq <= total; seq++) {
                // runs of 1 to 63 calls of one shape, then another shape
                int site = (int) ((seq * 2654435761L >>> 26) & 1) + ((seq & 63) == 0 ? 2 : 0);
                log.append(world, seq, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, site);
            }
        });
        long[] seen = {0};
        long[] next = {1};
        CollectiveLog.RunSink check = (c, first, calls, k, nb, root, op, count, t, ts, site) -> {
            if (first < next[0]) {
                throw new AssertionError("call " + first + " handed over twice");
            }
            next[0] = first + calls;
            seen[0] += calls;
        };
        owner.start();
        while (owner.isAlive()) {
            log.drainRuns(check);
        }
        long seenWhileRacing = seen[0];
        owner.join();
        log.drainRuns(check);
        // a call the owner dropped (the consumer a buffer behind) is counted there, never twice
        assertEquals(total, seen[0] + log.dropped(), "seen " + seen[0] + ", dropped " + log.dropped());
        assertTrue(seenWhileRacing > 0, "the consumer took calls while the owner appended");
    }

    @Test
    void identitiesAgreeAcrossMembersAndDifferAcrossSiblings() {
        long a = CommIdentity.derive(CommIdentity.WORLD_ID, 7, 0, CollectiveKind.SPLIT.ordinal());
        assertEquals(a, CommIdentity.derive(CommIdentity.WORLD_ID, 7, 0, CollectiveKind.SPLIT.ordinal()));
        assertNotEquals(a, CommIdentity.derive(CommIdentity.WORLD_ID, 7, 1, CollectiveKind.SPLIT.ordinal()));
        assertNotEquals(a, CommIdentity.derive(CommIdentity.WORLD_ID, 8, 0, CollectiveKind.SPLIT.ordinal()));
        CommIdentity odd = new CommIdentity(a, new int[] {1, 3, 5}, 0);
        assertEquals(5, odd.leftNeighbour());
        assertEquals(3, odd.rightNeighbour());
        assertTrue(odd.compares());
        assertTrue(new CommIdentity(a, new int[] {4, 6}, 0).compares());
        assertTrue(!new CommIdentity(a, new int[] {4, 6}, 1).compares(), "a pair is compared once");
    }

    @Test
    void onlyABlockingBcastWhoseCountsOfOneTypeDifferMayStillCompleteAndIsAWarningUntilItHangs() {
        CollectiveCall root = bcast(0, 1, 0, 28, BYTE, 1);
        CollectiveCall longer = bcast(1, 1, 0, 256, BYTE, 1);
        assertTrue(CollectiveMatcher.mayComplete(root, longer));
        assertTrue(CollectiveMatcher.mayComplete(longer, root));
        assertFalse(CollectiveMatcher.mayComplete(bcast(0, 1, 0, 4, INT, 4), bcast(1, 1, 0, 2, LONG, 8)),
                "another type: the receiver gets bytes of the one as the other");
        assertFalse(CollectiveMatcher.mayComplete(bcast(0, 1, 0, 4, INT, 4), bcast(1, 1, 1, 4, INT, 4)), "roots");
        assertFalse(CollectiveMatcher.mayComplete(call(0, 1, CollectiveKind.BCAST, true, 0, 0, 4, INT, 4, 10),
                call(1, 1, CollectiveKind.BCAST, true, 0, 0, 8, INT, 4, 10)), "a nonblocking bcast hangs in its wait");
        assertFalse(CollectiveMatcher.mayComplete(call(0, 1, CollectiveKind.ALL_REDUCE, false, -1, SUM, 4, INT, 4, 12),
                call(1, 1, CollectiveKind.ALL_REDUCE, false, -1, SUM, 2, INT, 4, 12)), "a reduction of other lengths");
        RingComparer.Mismatch m = new RingComparer.Mismatch(root, longer,
                CollectiveMatcher.mismatch(root, longer, NAMES));
        Finding warned = CollectiveMismatchReport.finding(m, "MPI.COMM_WORLD", NAMES);
        assertEquals(Severity.WARNING, warned.severity());
        assertTrue(warned.message().contains("if it does not complete, that is reported as an error"), warned.message());
        Finding hung = CollectiveMismatchReport.hung(m, "MPI.COMM_WORLD", NAMES, 1, 10);
        assertEquals(Severity.ERROR, hung.severity());
        assertTrue(hung.message().contains("has not completed after 10 s of rank 1 inside it"), hung.message());
        assertEquals(Severity.ERROR, CollectiveMismatchReport.finding(new RingComparer.Mismatch(bcast(0, 1, 0, 4, INT, 4),
                bcast(1, 1, 0, 2, LONG, 8), "different type signatures"), "MPI.COMM_WORLD", NAMES).severity());
    }

    @Test
    void theFindingNamesBothCallsTheirRanksAndTheReason() {
        RingComparer.Mismatch m = new RingComparer.Mismatch(bcast(1, 3, 0, 4, INT, 4),
                call(2, 3, CollectiveKind.REDUCE, false, 0, SUM, 4, INT, 4, 20), "different collective operations");
        Finding f = CollectiveMismatchReport.finding(m, "MPI.COMM_WORLD", NAMES);
        assertEquals(List.of(1, 2), f.ranks());
        assertEquals("Comm.bcast", f.op());
        assertEquals(10, f.site().line());
        assertEquals(20, f.related().get(0).site().line());
        assertTrue(f.message().contains("3rd collective call of rank 1 is bcast(count 4 of MPI.INT, root 0)"
                + " at Solver.java:10"), f.message());
        assertTrue(f.message().contains("rank 2 is reduce(count 4 of MPI.INT, op MPI.SUM, root 0) at Solver.java:20"),
                f.message());
    }

    @Test
    void theStreamNamesEachShapeOnceAndALoopOfOneCollectiveInAFewBytes() throws Exception {
        CollectiveCodec.Encoder encoder = new CollectiveCodec.Encoder();
        CollectiveCodec.Decoder decoder = new CollectiveCodec.Decoder();
        CollectiveCall barrier = call(1, 0, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, 30);
        CollectiveCall sum = call(1, 0, CollectiveKind.ALL_REDUCE, false, -1, SUM, 1, INT, 4, 31);
        for (int n = 1; n <= 10_000; n++) {
            encoder.add(barrier, n);
        }
        byte[] loop = encoder.take();
        assertTrue(loop.length < 120, "10,000 barriers took " + loop.length + " bytes");
        List<Long> seqs = new ArrayList<>();
        decoder.decode(loop, loop.length, (shape, seq) -> seqs.add(seq));
        assertEquals(10_000, seqs.size());
        assertEquals(10_000L, seqs.get(seqs.size() - 1));

        // alternating shapes, one byte a call, and the decoder remembers shapes across messages
        for (int n = 10_001; n <= 12_000; n++) {
            encoder.add(n % 2 == 0 ? barrier : sum, n);
        }
        byte[] alternating = encoder.take();
        assertTrue(alternating.length < 2_000 + 100, "2,000 alternating calls took " + alternating.length + " bytes");
        List<CollectiveCall> decoded = new ArrayList<>();
        decoder.decode(alternating, alternating.length, (shape, seq) -> decoded.add(CollectiveCodec.numbered(shape, seq)));
        assertEquals(2_000, decoded.size());
        assertEquals(CollectiveCodec.numbered(sum, 10_001), decoded.get(0));
        assertEquals(CollectiveCodec.numbered(barrier, 12_000), decoded.get(1_999));
    }

    @Test
    void aGapInTheNumbersIsSpeltOutAndManyShapesStartTheTableOver() throws Exception {
        CollectiveCodec.Encoder encoder = new CollectiveCodec.Encoder();
        CollectiveCodec.Decoder decoder = new CollectiveCodec.Decoder();
        List<CollectiveCall> sent = new ArrayList<>();
        long seq = 0;
        for (int i = 0; i < CollectiveCodec.MAX_SHAPES * 2 + 7; i++) {
            seq += i % 5 == 0 ? 3 : 1;   // every fifth call follows a dropped one
            CollectiveCall shape = bcast(1, 0, 0, i, INT, 4);  // counts that never repeat
            encoder.add(shape, seq);
            sent.add(CollectiveCodec.numbered(shape, seq));
        }
        byte[] bytes = encoder.take();
        List<CollectiveCall> received = new ArrayList<>();
        decoder.decode(bytes, bytes.length, (shape, n) -> received.add(CollectiveCodec.numbered(shape, n)));
        assertEquals(sent, received);
    }

    @Test
    void aTruncatedStreamIsAnErrorNotAWrongCall() {
        byte[] bytes = CollectiveCodec.encode(List.of(bcast(1, 1, 0, 4, INT, 4)));
        assertThrows(java.io.IOException.class,
                () -> new CollectiveCodec.Decoder().decode(bytes, bytes.length - 3, (shape, seq) -> { }));
        assertThrows(java.io.IOException.class,
                () -> new CollectiveCodec.Decoder().decode(new byte[] {(byte) (4 + 9)}, 1, (shape, seq) -> { }));
    }

    @Test
    void theInternerGivesOneObjectPerShapeAndStaysBounded() {
        ShapeInterner interner = new ShapeInterner(3);
        int site = org.mpiguard.core.site.CallSites.register("Comm.bcast", "com.acme.Solver", "main", "Solver.java", 44);
        CollectiveCall a = interner.intern(7, CollectiveKind.BCAST, false, 0, 0, 4, INT, 4, site);
        assertSame(a, interner.intern(7, CollectiveKind.BCAST, false, 0, 0, 4, INT, 4, site));
        assertNotSame(a, interner.intern(7, CollectiveKind.BCAST, false, 1, 0, 4, INT, 4, site));
        assertEquals(3, a.rank());
        assertEquals(44, a.line());
        assertEquals(0, a.seq());
        for (int count = 0; count < 100_000; count++) {
            interner.intern(7, CollectiveKind.BCAST, false, 0, 0, count, INT, 4, site);
        }
        assertTrue(interner.size() <= 4096, "interner holds " + interner.size());
    }

    @Test
    void pairingByShapeAndNumberFindsTheMismatchInALongLoop() {
        RingComparer ring = new RingComparer(NAMES);
        CollectiveCall mine = bcast(0, 0, 0, 4, INT, 4);
        CollectiveCall theirs = bcast(1, 0, 0, 4, INT, 4);
        CollectiveCall theirsWrong = bcast(1, 0, 2, 4, INT, 4);
        for (long n = 1; n <= 50_000; n++) {
            assertNull(ring.addOwn(mine, n));
        }
        for (long n = 1; n < 50_000; n++) {
            assertNull(ring.addNeighbour(theirs, n));
        }
        RingComparer.Mismatch m = ring.addNeighbour(theirsWrong, 50_000);
        assertNotNull(m);
        assertEquals(50_000, m.mine().seq());
        assertEquals(50_000, m.theirs().seq());
        assertTrue(m.reason().contains("different roots"), m.reason());
    }

    @Test
    void theLogHandsOverALoopOfOneShapeAsOneRunAndSplitsWhereShapeNumberOrCommunicatorChange() {
        CommIdentity world = new CommIdentity(CommIdentity.WORLD_ID, new int[] {0, 1}, 0);
        CommIdentity other = new CommIdentity(99, new int[] {0, 1}, 0);
        CollectiveLog log = new CollectiveLog();
        for (long n = 1; n <= 500; n++) {
            log.append(world, n, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, 7);
        }
        log.append(world, 501, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, 8);     // another site
        log.append(world, 502, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, 8);
        log.append(world, 504, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, 8);     // 503 was dropped
        log.append(other, 505, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, 8);     // another communicator
        log.append(world, 506, CollectiveKind.ALL_REDUCE, false, -1, SUM, 1, INT, 4, 8);
        List<String> runs = new ArrayList<>();
        assertEquals(505, log.drainRuns((c, first, calls, k, nb, root, op, count, t, ts, site) ->
                runs.add((c == world ? "world" : "other") + " " + k + " " + first + "x" + calls + " @" + site)));
        assertEquals(List.of("world BARRIER 1x500 @7", "world BARRIER 501x2 @8", "world BARRIER 504x1 @8",
                "other BARRIER 505x1 @8", "world ALL_REDUCE 506x1 @8"), runs);
        assertEquals(0, log.drainRuns((c, first, calls, k, nb, root, op, count, t, ts, site) -> runs.add("more")));
    }

    @Test
    void runsSplitDifferentlyOnTheTwoSidesPairCallByCallAndFindTheOddOneInside() {
        RingComparer ring = new RingComparer(NAMES);
        CollectiveCall mine = bcast(0, 0, 0, 4, INT, 4);
        CollectiveCall theirs = bcast(1, 0, 0, 4, INT, 4);
        CollectiveCall theirsWrong = bcast(1, 0, 2, 4, INT, 4);
        assertNull(ring.addOwn(mine, 1, 1000));
        assertNull(ring.addNeighbour(theirs, 1, 300));
        assertNull(ring.addNeighbour(theirs, 301, 399));
        assertEquals(301, ring.pending(), "calls 700..1000 of mine wait for their partners");
        RingComparer.Mismatch m = ring.addNeighbour(theirsWrong, 700, 5);
        assertNotNull(m, "call 700 has another root on the neighbour");
        assertEquals(700, m.mine().seq());
        assertEquals(700, m.theirs().seq());
        assertTrue(m.reason().contains("different roots"), m.reason());
    }

    @Test
    void aRunThatLostCallsOnOneSideComparesOnlyTheNumbersBothSidesHave() {
        RingComparer ring = new RingComparer(NAMES);
        CollectiveCall mine = bcast(0, 0, 0, 4, INT, 4);
        CollectiveCall mineOdd = bcast(0, 0, 3, 4, INT, 4);
        CollectiveCall theirs = bcast(1, 0, 0, 4, INT, 4);
        assertNull(ring.addOwn(mine, 1, 10));
        assertNull(ring.addOwn(mineOdd, 11, 1));          // the neighbour's call 11 was dropped
        assertNull(ring.addOwn(mine, 12, 89));
        assertNull(ring.addNeighbour(theirs, 1, 10));
        assertNull(ring.addNeighbour(theirs, 12, 89), "call 11 has no partner, so it is not compared");
        assertEquals(0, ring.pending());
        assertNull(ring.addOwn(mine, 101, 1));
        assertNotNull(ring.addNeighbour(bcast(1, 0, 0, 8, INT, 4), 101, 1), "a call after the gap is still compared");
    }

    @Test
    void aRunTravelsAsOneTokenAndComesOutAsOneRunOrAsItsCalls() throws Exception {
        CollectiveCodec.Encoder encoder = new CollectiveCodec.Encoder();
        CollectiveCall barrier = call(1, 0, CollectiveKind.BARRIER, false, -1, 0, -1, 0, -1, 30);
        CollectiveCall sum = call(1, 0, CollectiveKind.ALL_REDUCE, false, -1, SUM, 1, INT, 4, 31);
        encoder.add(barrier, 1, 1_000_000);
        encoder.add(barrier, 1_000_001, 5);               // continues the run
        encoder.add(sum, 1_000_010, 3);                   // after a gap
        byte[] bytes = encoder.take();
        assertTrue(bytes.length < 200, "two shapes and a million barriers took " + bytes.length + " bytes");
        List<String> runs = new ArrayList<>();
        new CollectiveCodec.Decoder().decodeRuns(bytes, bytes.length,
                (shape, first, calls) -> runs.add(shape.kind() + " " + first + "x" + calls));
        assertEquals(List.of("BARRIER 1x1000005", "ALL_REDUCE 1000010x3"), runs);
        List<Long> seqs = new ArrayList<>();
        new CollectiveCodec.Decoder().decode(bytes, bytes.length, (shape, seq) -> seqs.add(seq));
        assertEquals(1_000_008, seqs.size());
        assertEquals(1_000_012L, seqs.get(seqs.size() - 1));
    }
}
