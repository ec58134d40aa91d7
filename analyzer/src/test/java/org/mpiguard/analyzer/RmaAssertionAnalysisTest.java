package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.trace.AccumulateOp;
import org.mpiguard.core.trace.RmaOp;
import org.mpiguard.core.trace.RmaSyncOp;

/**
 * Assertions of one-sided synchronisation that other ranks' calls break, on hand-built
 * traces: a fence's MPI.MODE_NOPUT with a put into the epoch it opens, and a lock's
 * MPI.MODE_NOCHECK, which keeps nothing apart. Every run is also analysed streaming, in
 * other sweep orders and spread over blocks ({@link Analyzed#of}), which must say the same
 * byte for byte.
 */
class RmaAssertionAnalysisTest {

    static final long WIN = 7;
    static final int INT = 5;
    static final int SUM = 3;
    static final int NOPUT = RmaSyncOp.MODE_NOPUT;
    static final int NOCHECK = RmaSyncOp.MODE_NOCHECK;
    static final int EXCLUSIVE = RmaSyncOp.LOCK_EXCLUSIVE;
    static final int SHARED = RmaSyncOp.LOCK_SHARED;

    @TempDir
    Path dir;

    private RunBuilder run(Path at, int size) {
        RunBuilder run = new RunBuilder(at, size);
        for (int r = 0; r < size; r++) {
            run.rank(r).winCreate(1, WIN, 64, 4);
        }
        return run;
    }

    private static Finding noPut(Analyzed a) {
        List<Finding> found = a.of(FindingKind.RMA_CONFLICT).stream()
                .filter(f -> f.message().startsWith("[rma.assert-noput] ")).toList();
        assertEquals(1, found.size(), found.toString());
        return found.get(0);
    }

    // ---- MPI.MODE_NOPUT at a fence ----

    @Test
    void aPutIntoAnEpochWhoseTargetFenceAssertedNoPutIsAWarningNamingTheOperationAndTheFence() throws Exception {
        RunBuilder run = run(dir, 2);
        run.rank(0).fence(10, WIN, NOPUT).put(11, WIN, 1, 0, 1, INT, 4).fence(12, WIN);
        run.rank(1).fence(20, WIN, NOPUT).fence(22, WIN);
        Finding f = noPut(Analyzed.of(run.write(true)));
        assertEquals(Severity.WARNING, f.severity());
        assertEquals("Win.put", f.op());
        assertEquals(11, f.site().line());
        assertEquals(List.of(0, 1), f.ranks());
        assertEquals(1, f.related().get(0).rank());
        assertEquals(20, f.related().get(0).site().line());
        assertTrue(f.message().contains("rank 1 at Prog.java:20 asserted MPI.MODE_NOPUT")
                && f.message().contains("rank 0 at Prog.java:11") && f.message().contains("Drop MPI.MODE_NOPUT"),
                f.message());
    }

    @Test
    void getsIntoANoPutEpochAndPutsToRanksThatDidNotAssertItAreSilent() throws Exception {
        RunBuilder run = run(dir, 3);
        run.rank(0).fence(10, WIN).get(11, WIN, 1, 0, 1, INT).put(12, WIN, 2, 0, 1, INT, 4).fence(13, WIN);
        run.rank(1).fence(20, WIN, NOPUT).fence(21, WIN);
        run.rank(2).fence(30, WIN).fence(31, WIN);
        Analyzed.of(run.write(true)).none(FindingKind.RMA_CONFLICT);
    }

    /** The assertion covers the epoch its fence opens only: a put in the next epoch is fine. */
    @Test
    void aPutInTheEpochAfterTheNoPutOneIsSilentAndOneInItIsNot() throws Exception {
        RunBuilder run = run(dir, 2);
        run.rank(0).fence(10, WIN).fence(11, WIN).put(12, WIN, 1, 0, 1, INT, 4).fence(13, WIN);
        run.rank(1).fence(20, WIN, NOPUT).fence(21, WIN).fence(22, WIN);
        Analyzed.of(run.write(true)).none(FindingKind.RMA_CONFLICT);

        RunBuilder bad = run(dir.resolve("bad"), 2);
        bad.rank(0).fence(10, WIN).fence(11, WIN).put(12, WIN, 1, 0, 1, INT, 4).fence(13, WIN);
        bad.rank(1).fence(20, WIN).fence(21, WIN, NOPUT).fence(22, WIN);
        Finding f = noPut(Analyzed.of(bad.write(true)));
        assertEquals(12, f.site().line());
        assertEquals(21, f.related().get(0).site().line());
    }

    @Test
    void accumulatesAndCompareAndSwapCountAndAnAtomicReadDoesNot() throws Exception {
        RunBuilder run = run(dir, 2);
        run.rank(0).fence(10, WIN, NOPUT).accumulate(11, WIN, 1, 0, 1, INT, SUM)
                .rma(12, RmaOp.FETCH_AND_OP, WIN, 1, 1, 1, INT, 0, 0, 0, AccumulateOp.NO_OP).fence(13, WIN);
        run.rank(1).fence(20, WIN, NOPUT).fence(21, WIN);
        Finding f = noPut(Analyzed.of(run.write(true)));
        assertEquals(11, f.site().line());

        RunBuilder cas = run(dir.resolve("cas"), 2);
        cas.rank(0).fence(10, WIN, NOPUT).rma(12, RmaOp.COMPARE_AND_SWAP, WIN, 1, 0, 1, INT, 0, 0, 0,
                AccumulateOp.COMBINE).fence(13, WIN);
        cas.rank(1).fence(20, WIN, NOPUT).fence(21, WIN);
        assertEquals(12, noPut(Analyzed.of(cas.write(true))).site().line());
    }

    @Test
    void aPutToItsOwnWindowCountsToo() throws Exception {
        RunBuilder run = run(dir, 2);
        run.rank(0).fence(10, WIN, NOPUT).put(11, WIN, 0, 0, 1, INT, 4).fence(12, WIN);
        run.rank(1).fence(20, WIN, NOPUT).fence(21, WIN);
        Finding f = noPut(Analyzed.of(run.write(true)));
        assertEquals(List.of(0), f.ranks());
        assertEquals(10, f.related().get(0).site().line());
        assertTrue(f.message().contains("its own window"), f.message());
    }

    @Test
    void aPutRepeatedOverManyNoPutEpochsIsOneFindingThatCountsThem() throws Exception {
        RunBuilder run = run(dir, 4);
        for (int i = 0; i < 5; i++) {
            for (int r = 0; r < 4; r++) {
                run.rank(r).fence(10, WIN, NOPUT);
            }
            run.rank(3).put(11, WIN, 2, 0, 1, INT, i);
        }
        for (int r = 0; r < 4; r++) {
            run.rank(r).fence(12, WIN);
        }
        Finding f = noPut(Analyzed.of(run.write(true)));
        assertEquals(List.of(2, 3), f.ranks());
        assertTrue(f.message().contains("5 times"), f.message());
    }

    // ---- MPI.MODE_NOCHECK keeps nothing apart ----

    /** Ranks 0 and 2 both lock rank 1 exclusively between two barriers, each putting into the same int. */
    private RunBuilder twoExclusiveLocks(Path at, int assertion0, int assertion2) {
        RunBuilder run = run(at, 3);
        run.rank(0).barrier(2).lock(10, WIN, EXCLUSIVE, 1, assertion0).put(11, WIN, 1, 0, 1, INT, 5)
                .unlock(12, WIN, 1).barrier(3);
        run.rank(1).barrier(2).barrier(3);
        run.rank(2).barrier(2).lock(20, WIN, EXCLUSIVE, 1, assertion2).put(21, WIN, 1, 0, 1, INT, 6)
                .unlock(22, WIN, 1).barrier(3);
        return run;
    }

    private static List<Finding> conflicts(Analyzed a, String id) {
        return a.of(FindingKind.RMA_CONFLICT).stream().filter(f -> f.message().startsWith("[" + id + "] ")).toList();
    }

    @Test
    void putsUnderTwoConcurrentExclusiveLocksAssertingNoCheckAreARaceAndWithoutNoCheckAreNot() throws Exception {
        Analyzed a = Analyzed.of(twoExclusiveLocks(dir, NOCHECK, NOCHECK).write(true));
        List<Finding> race = conflicts(a, "rma.put-put");
        assertEquals(1, race.size(), a.findings().toString());
        assertEquals(11, race.get(0).site().line());
        assertEquals(21, race.get(0).related().get(0).site().line());
        assertTrue(race.get(0).message().contains("asserting MPI.MODE_NOCHECK")
                && race.get(0).message().contains("drop it from the lock"), race.get(0).message());

        Analyzed.of(twoExclusiveLocks(dir.resolve("plain"), 0, 0).write(true)).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void twoConcurrentExclusiveLocksAssertingNoCheckAreAWarningNamingBothLocks() throws Exception {
        Analyzed a = Analyzed.of(twoExclusiveLocks(dir, NOCHECK, NOCHECK).write(true));
        List<Finding> found = conflicts(a, "rma.assert-nocheck");
        assertEquals(1, found.size(), a.findings().toString());
        Finding f = found.get(0);
        assertEquals(Severity.WARNING, f.severity());
        assertEquals("Win.lock", f.op());
        assertEquals(10, f.site().line());
        assertEquals(List.of(0, 1, 2), f.ranks());
        assertEquals(2, f.related().get(0).rank());
        assertEquals(20, f.related().get(0).site().line());
        assertTrue(f.message().contains("rank 0 at Prog.java:10 on the window of rank 1")
                && f.message().contains("rank 2 at Prog.java:20") && f.message().contains("Drop MPI.MODE_NOCHECK"),
                f.message());
    }

    /** Only rank 2 asserts it: the finding's site is its lock, the other rank's the related call. */
    @Test
    void oneSideAssertingNoCheckIsEnoughAndIsTheSite() throws Exception {
        Finding f = conflicts(Analyzed.of(twoExclusiveLocks(dir, 0, NOCHECK).write(true)), "rma.assert-nocheck")
                .get(0);
        assertEquals(20, f.site().line());
        assertEquals(0, f.related().get(0).rank());
        assertEquals(10, f.related().get(0).site().line());
    }

    @Test
    void aNoCheckLockOrderedBeforeTheOtherByABarrierIsSilent() throws Exception {
        RunBuilder run = run(dir, 3);
        run.rank(0).barrier(2).lock(10, WIN, EXCLUSIVE, 1, NOCHECK).put(11, WIN, 1, 0, 1, INT, 5)
                .unlock(12, WIN, 1).barrier(3).barrier(4);
        run.rank(1).barrier(2).barrier(3).barrier(4);
        run.rank(2).barrier(2).barrier(3).lock(20, WIN, EXCLUSIVE, 1).put(21, WIN, 1, 0, 1, INT, 6)
                .unlock(22, WIN, 1).barrier(4);
        Analyzed.of(run.write(true)).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void everyRankTakingSharedLocksWithNoCheckIsSilent() throws Exception {
        RunBuilder run = run(dir, 4);
        for (int r = 0; r < 4; r++) {
            run.rank(r).barrier(2);
            for (int t = 0; t < 4; t++) {
                run.rank(r).lock(10, WIN, SHARED, t, NOCHECK).get(11, WIN, t, 0, 1, INT).unlock(12, WIN, t);
            }
            run.rank(r).barrier(3);
        }
        Analyzed.of(run.write(true)).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void lockAllWithNoCheckIsSilentAloneAndAWarningBesideAConcurrentExclusiveLock() throws Exception {
        RunBuilder run = run(dir, 3);
        for (int r = 0; r < 3; r++) {
            run.rank(r).barrier(2).winSync(10, RmaSyncOp.LOCK_ALL, WIN, -1, 0, NOCHECK, 0)
                    .get(11, WIN, (r + 1) % 3, 0, 1, INT).winSync(12, RmaSyncOp.UNLOCK_ALL, WIN, -1, 0, 0, 0)
                    .barrier(3);
        }
        Analyzed.of(run.write(true)).none(FindingKind.RMA_CONFLICT);

        RunBuilder bad = run(dir.resolve("bad"), 3);
        bad.rank(0).barrier(2).winSync(10, RmaSyncOp.LOCK_ALL, WIN, -1, 0, NOCHECK, 0).get(11, WIN, 1, 4, 1, INT)
                .winSync(12, RmaSyncOp.UNLOCK_ALL, WIN, -1, 0, 0, 0).barrier(3);
        bad.rank(1).barrier(2).barrier(3);
        bad.rank(2).barrier(2).lock(20, WIN, EXCLUSIVE, 1).put(21, WIN, 1, 0, 1, INT, 6).unlock(22, WIN, 1)
                .barrier(3);
        Analyzed a = Analyzed.of(bad.write(true));
        List<Finding> found = conflicts(a, "rma.assert-nocheck");
        assertEquals(1, found.size(), a.findings().toString());
        assertEquals("Win.lockAll", found.get(0).op());
        assertEquals(10, found.get(0).site().line());
        assertEquals(20, found.get(0).related().get(0).site().line());
    }

    @Test
    void aNoCheckLockAfterAMessageSentAfterTheOtherUnlockIsSilentAndBeforeItIsNot() throws Exception {
        RunBuilder run = run(dir, 3);
        run.rank(0).lock(10, WIN, EXCLUSIVE, 1).put(11, WIN, 1, 0, 1, INT, 5).unlock(12, WIN, 1).send(13, 2, 0, INT, 1);
        run.rank(2).recv(20, 0, 0, INT, 1).lock(21, WIN, EXCLUSIVE, 1, NOCHECK).put(22, WIN, 1, 0, 1, INT, 6)
                .unlock(23, WIN, 1);
        Analyzed.of(run.write(true)).none(FindingKind.RMA_CONFLICT);

        RunBuilder bad = run(dir.resolve("bad"), 3);
        bad.rank(0).lock(10, WIN, EXCLUSIVE, 1).send(11, 2, 0, INT, 1).put(12, WIN, 1, 0, 1, INT, 5)
                .unlock(13, WIN, 1);
        bad.rank(2).recv(20, 0, 0, INT, 1).lock(21, WIN, EXCLUSIVE, 1, NOCHECK).put(22, WIN, 1, 4, 1, INT, 6)
                .unlock(23, WIN, 1);
        Finding f = conflicts(Analyzed.of(bad.write(true)), "rma.assert-nocheck").get(0);
        assertEquals(21, f.site().line());
        assertEquals(10, f.related().get(0).site().line());
    }

    /** Lock epochs nothing orders pile up: shared NOCHECK ones meet nothing, an exclusive loop is one counted finding. */
    @Test
    void manyUnorderedLockEpochsAreSilentWhenSharedAndOneCountedFindingWhenExclusive() throws Exception {
        RunBuilder run = run(dir, 3);
        for (int i = 0; i < 400; i++) {
            run.rank(0).lock(10, WIN, SHARED, 1, NOCHECK).get(11, WIN, 1, 0, 1, INT).unlock(12, WIN, 1);
            run.rank(2).lock(20, WIN, SHARED, 1, NOCHECK).get(21, WIN, 1, 0, 1, INT).unlock(22, WIN, 1);
        }
        Analyzed.of(run.write(true)).none(FindingKind.RMA_CONFLICT);

        RunBuilder bad = run(dir.resolve("bad"), 3);
        for (int i = 0; i < 3; i++) {
            bad.rank(0).lock(10, WIN, EXCLUSIVE, 1, NOCHECK).unlock(12, WIN, 1);
            bad.rank(2).lock(20, WIN, SHARED, 1).unlock(22, WIN, 1);
        }
        Finding f = conflicts(Analyzed.of(bad.write(true)), "rma.assert-nocheck").get(0);
        assertEquals(10, f.site().line());
        assertTrue(f.message().contains("one of them exclusive") && f.message().contains("9 times"), f.message());
    }

    // ---- MPI.MODE_NOCHECK at post and start ----

    /** Rank 1 posts to rank 0 (line 20), rank 0 starts (line 10), puts and completes; {@code ordered}: a barrier after the post, before the start. */
    private RunBuilder pscwEpoch(Path at, int postAssert, int startAssert, boolean ordered, int rounds) {
        RunBuilder run = run(at, 2);
        for (int k = 0; k < rounds; k++) {
            run.rank(1).pscwAsserting(20, RmaSyncOp.POST, WIN, postAssert, 0);
            if (ordered) {
                run.rank(1).barrier(21);
                run.rank(0).barrier(9);
            }
            run.rank(0).pscwAsserting(10, RmaSyncOp.START, WIN, startAssert, 1).put(11, WIN, 1, 0, 1, INT, 4)
                    .pscw(12, RmaSyncOp.COMPLETE, WIN);
            run.rank(1).pscw(22, RmaSyncOp.WAIT, WIN);
            // the next round's post after this one's epoch, as a program's loop would order it
            run.rank(0).barrier(13);
            run.rank(1).barrier(23);
        }
        return run;
    }

    @Test
    void aStartAssertingNoCheckThatNothingOrdersAfterItsPostIsAWarningNamingTheStartAndThePost() throws Exception {
        Analyzed a = Analyzed.of(pscwEpoch(dir, NOCHECK, NOCHECK, false, 1).write(true));
        List<Finding> found = conflicts(a, "rma.assert-nocheck-start");
        assertEquals(1, found.size(), a.findings().toString());
        Finding f = found.get(0);
        assertEquals(Severity.WARNING, f.severity());
        assertEquals("Win.start", f.op());
        assertEquals(10, f.site().line());
        assertEquals(List.of(0, 1), f.ranks());
        assertEquals(1, f.related().get(0).rank());
        assertEquals("Win.post", f.related().get(0).op());
        assertEquals(20, f.related().get(0).site().line());
        assertTrue(f.message().contains("Win.start of rank 0 at Prog.java:10")
                && f.message().contains("Win.post of rank 1 at Prog.java:20")
                && f.message().contains("a barrier after the post"), f.message());
        assertEquals(List.of(), conflicts(a, "rma.assert-nocheck-pair"));
    }

    @Test
    void aNoCheckStartOrderedAfterItsPostByABarrierIsSilent() throws Exception {
        Analyzed.of(pscwEpoch(dir, NOCHECK, NOCHECK, true, 2).write(true)).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void aPostAndStartWithoutNoCheckAreSilentOrderedOrNot() throws Exception {
        Analyzed.of(pscwEpoch(dir, 0, 0, false, 2).write(true)).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void noCheckOnOneSideOfAMatchedPostAndStartIsAWarningNamingTheSideThatAssertedIt() throws Exception {
        Finding post = conflicts(Analyzed.of(pscwEpoch(dir.resolve("post"), NOCHECK, 0, true, 1).write(true)),
                "rma.assert-nocheck-pair").get(0);
        assertEquals(10, post.site().line());
        assertEquals(20, post.related().get(0).site().line());
        assertTrue(post.message().contains("the Win.post of rank 1 at Prog.java:20 asserted it and the matching "
                + "Win.start of rank 0 at Prog.java:10 did not"), post.message());

        Analyzed start = Analyzed.of(pscwEpoch(dir.resolve("start"), 0, NOCHECK, true, 1).write(true));
        Finding f = conflicts(start, "rma.assert-nocheck-pair").get(0);
        assertTrue(f.message().contains("the Win.start of rank 0 at Prog.java:10 asserted it and the matching "
                + "Win.post of rank 1 at Prog.java:20 did not"), f.message());
        assertEquals(List.of(), conflicts(start, "rma.assert-nocheck-start"), "ordered: the start's assertion holds");
    }

    @Test
    void aLoopOfUnorderedNoCheckStartsIsOneFindingCountingTheRounds() throws Exception {
        Finding f = conflicts(Analyzed.of(pscwEpoch(dir, NOCHECK, NOCHECK, false, 4).write(true)),
                "rma.assert-nocheck-start").get(0);
        assertEquals(10, f.site().line());
        assertTrue(f.message().contains("This happened 4 times"), f.message());
    }
}
