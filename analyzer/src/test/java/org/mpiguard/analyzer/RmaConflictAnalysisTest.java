package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;
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
 * The cross-process RMA conflict check on hand-built traces: every error of the seed's
 * Table I between two processes with its allowed twin, in every synchronisation mode.
 * Rank 0 is the target unless said otherwise; its window holds ints (displacement unit 4).
 */
class RmaConflictAnalysisTest {

    static final long WIN = 7;
    static final int INT = 5;
    static final int DOUBLE = 8;
    static final int SUM = 3;
    static final int PROD = 4;
    static final int EXCLUSIVE = RmaSyncOp.LOCK_EXCLUSIVE;
    static final int SHARED = RmaSyncOp.LOCK_SHARED;

    @TempDir
    Path dir;

    private RunBuilder run(int size) {
        RunBuilder run = new RunBuilder(dir, size);
        for (int r = 0; r < size; r++) {
            run.rank(r).winCreate(1, WIN, 64, 4);
        }
        return run;
    }

    /** Every rank opens a fence epoch, does {@code body}, closes it. */
    private static void fenced(RunBuilder run, int size) {
        for (int r = 0; r < size; r++) {
            run.rank(r).fence(2, WIN);
        }
    }

    private static void closeFence(RunBuilder run, int size) {
        for (int r = 0; r < size; r++) {
            run.rank(r).fence(40, WIN);
        }
    }

    /** A run where every rank opens a fence epoch, {@code ops} happen, and every rank closes it. */
    private Analyzed inOneFenceEpoch(int size, Consumer<RunBuilder> ops) throws IOException {
        RunBuilder run = run(size);
        fenced(run, size);
        ops.accept(run);
        closeFence(run, size);
        return Analyzed.of(run.write(true));
    }

    // ---- fence epochs ----

    @Test
    void twoPutsOfDifferentValuesToOneSlotInOneFenceEpochAreAnErrorNamingBothSites() throws Exception {
        Finding f = inOneFenceEpoch(3, run -> {
            run.rank(1).put(11, WIN, 0, 2, 1, INT, 111);
            run.rank(2).put(21, WIN, 0, 2, 1, INT, 222);
        }).one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1, 2), 21);
        assertEquals(Severity.ERROR, f.severity());
        assertEquals(2, f.related().get(0).rank());
        assertEquals("Win.put", f.op());
        assertTrue(f.message().contains("window of rank 0 (bytes 8 to 11)"), f.message());
        assertTrue(f.message().startsWith("[rma.put-put] "), f.message());
        assertTrue(f.message().contains("different values"), f.message());
    }

    @Test
    void putsToDifferentSlotsOfOneFenceEpochAreSilent() throws Exception {
        inOneFenceEpoch(3, run -> {
            run.rank(1).put(11, WIN, 0, 1, 1, INT, 111);
            run.rank(2).put(21, WIN, 0, 2, 1, INT, 222);
        }).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void putsToOneSlotInSuccessiveFenceEpochsAreSilent() throws Exception {
        inOneFenceEpoch(3, run -> {
            run.rank(1).put(11, WIN, 0, 2, 1, INT, 111);
            for (int r = 0; r < 3; r++) {
                run.rank(r).fence(15, WIN);
            }
            run.rank(2).put(21, WIN, 0, 2, 1, INT, 222);
        }).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void twoPutsOfTheSameValueAreABenignRaceReportedAsAWarning() throws Exception {
        Finding f = inOneFenceEpoch(3, run -> {
            run.rank(1).put(11, WIN, 0, 2, 1, INT, 42);
            run.rank(2).put(21, WIN, 0, 2, 1, INT, 42);
        }).one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1, 2), 21);
        assertEquals(Severity.WARNING, f.severity());
        assertTrue(f.message().startsWith("[rma.same-value] ") && f.message().contains("same value"), f.message());
    }

    @Test
    void aPutOverlappingAGetOfAnotherOriginIsAnErrorAndDisjointOnesAreSilent() throws Exception {
        Analyzed a = inOneFenceEpoch(3, run -> {
            run.rank(1).put(11, WIN, 0, 0, 4, INT, 1);
            run.rank(2).get(21, WIN, 0, 3, 2, INT);
            run.rank(2).get(22, WIN, 0, 4, 2, INT);
        });
        Finding f = a.one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1, 2), 21);
        assertEquals(Severity.ERROR, f.severity());
        assertTrue(f.message().startsWith("[rma.put-get] ") && f.message().contains("bytes 12 to 15"), f.message());
    }

    @Test
    void aPutAndAGetOfOneSlotByOneOriginInOneEpochConflictAndAnotherSlotIsSilent() throws Exception {
        Analyzed a = inOneFenceEpoch(2, run -> {
            run.rank(1).put(11, WIN, 0, 0, 1, INT, 3);
            run.rank(1).get(12, WIN, 0, 0, 1, INT);
            run.rank(1).get(13, WIN, 0, 1, 1, INT);
        });
        Finding f = a.one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1), 12);
        assertEquals(Severity.ERROR, f.severity());
        assertEquals(1, f.related().get(0).rank());
        assertTrue(f.message().startsWith("[rma.put-get] ") && f.message().contains("bytes 0 to 3"), f.message());
    }

    @Test
    void oneOriginsOperationsOrderedByAnUnlockOrOfOneAccumulateOpAreSilent() throws Exception {
        RunBuilder run = run(2);
        run.rank(1).lock(10, WIN, EXCLUSIVE, 0).put(11, WIN, 0, 0, 1, INT, 3).unlock(12, WIN, 0)
                .lock(13, WIN, EXCLUSIVE, 0).get(14, WIN, 0, 0, 1, INT).accumulate(15, WIN, 0, 2, 1, INT, SUM)
                .accumulate(16, WIN, 0, 2, 1, INT, SUM).get(17, WIN, 0, 3, 1, INT).get(18, WIN, 0, 3, 1, INT)
                .unlock(19, WIN, 0);
        assertEquals(List.of(), Analyzed.of(run.write(true)).of(FindingKind.RMA_CONFLICT));
    }

    @Test
    void getsOfTwoOriginsOnTheSameBytesAreSilent() throws Exception {
        inOneFenceEpoch(3, run -> {
            run.rank(1).get(11, WIN, 0, 0, 4, INT);
            run.rank(2).get(21, WIN, 0, 0, 4, INT);
        }).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void accumulatesWithTheSameOpAndTypeAreSilentEvenOnTheSameSlot() throws Exception {
        inOneFenceEpoch(4, run -> {
            for (int r = 1; r < 4; r++) {
                run.rank(r).accumulate(10 + r, WIN, 0, 1, 1, INT, SUM);
            }
        }).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void accumulatesWithDifferentOpsOnOneSlotAreAnError() throws Exception {
        Finding f = inOneFenceEpoch(3, run -> {
            run.rank(1).accumulate(11, WIN, 0, 1, 1, INT, SUM);
            run.rank(2).accumulate(21, WIN, 0, 1, 1, INT, PROD);
        }).one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1, 2), 21);
        assertTrue(f.message().startsWith("[rma.acc-op] ") && f.message().contains("same operation"), f.message());
    }

    @Test
    void accumulatesWithTheSameOpOnDifferentBasicTypesAreAnError() throws Exception {
        Finding f = inOneFenceEpoch(3, run -> {
            run.rank(1).accumulate(11, WIN, 0, 0, 2, INT, SUM);
            run.rank(2).accumulate(21, WIN, 0, 0, 1, DOUBLE, SUM);
        }).one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1, 2), 21);
        assertTrue(f.message().startsWith("[rma.acc-type] ") && f.message().contains("basic datatype"),
                f.message());
    }

    // ---- MPI.NO_OP and MPI.REPLACE (same_op_no_op) ----

    static final int NO_OP_CODE = 30;
    static final int REPLACE_CODE = 31;

    /** The one conflict of rule {@code rule} between line 11 of rank 1 and line 21 of rank 2, on rank 0's window. */
    private Finding ruleBetweenLines11And21(String rule, Consumer<RunBuilder> ops) throws IOException {
        Finding f = inOneFenceEpoch(3, ops).one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1, 2), 21);
        assertTrue(f.message().startsWith("[" + rule + "] "), f.message());
        return f;
    }

    private static void noOpRead(RunBuilder run, int rank, int line, int disp, int sig) {
        run.rank(rank).rma(line, RmaOp.GET_ACCUMULATE, WIN, 0, disp, 1, sig, NO_OP_CODE, 0, 0, AccumulateOp.NO_OP);
    }

    @Test
    void anAtomicReadWithNoOpBesideASumAccumulateOfTheSameTypeIsSilent() throws Exception {
        inOneFenceEpoch(3, run -> {
            run.rank(1).accumulate(11, WIN, 0, 1, 1, INT, SUM);
            noOpRead(run, 2, 21, 1, INT);
        }).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void anAtomicReadWithNoOpOfAnotherBasicTypeThanTheAccumulateConflicts() throws Exception {
        ruleBetweenLines11And21("rma.acc-type", run -> {
            run.rank(1).accumulate(11, WIN, 0, 0, 2, INT, SUM);
            noOpRead(run, 2, 21, 0, DOUBLE);
        });
    }

    @Test
    void anAtomicReadWithNoOpBesideAPutConflicts() throws Exception {
        ruleBetweenLines11And21("rma.put-get", run -> {
            run.rank(1).put(11, WIN, 0, 4, 1, INT, 9);
            noOpRead(run, 2, 21, 4, INT);
        });
    }

    @Test
    void twoAtomicReadsAndAnAtomicReadBesideAGetAreSilent() throws Exception {
        inOneFenceEpoch(4, run -> {
            noOpRead(run, 1, 11, 1, INT);
            noOpRead(run, 2, 21, 1, DOUBLE);
            run.rank(3).get(31, WIN, 0, 1, 1, INT);
        }).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void aNoOpReadFromATraceThatDoesNotSayItIsNoOpIsTakenAsAnotherOperation() throws Exception {
        ruleBetweenLines11And21("rma.acc-op", run -> {
            run.rank(1).accumulate(11, WIN, 0, 1, 1, INT, SUM);
            run.rank(2).rma(21, RmaOp.GET_ACCUMULATE, WIN, 0, 1, 1, INT, NO_OP_CODE, 0, 0,
                    AccumulateOp.NOT_RECORDED);
        });
    }

    @Test
    void aReplaceAccumulateOfTheSameValueAsAPutIsABenignWarning() throws Exception {
        Finding f = ruleBetweenLines11And21("rma.same-value", run -> {
            run.rank(1).put(11, WIN, 0, 1, 1, INT, 42);
            run.rank(2).rma(21, RmaOp.ACCUMULATE, WIN, 0, 1, 1, INT, REPLACE_CODE, 0, 42, AccumulateOp.REPLACE);
        });
        assertEquals(Severity.WARNING, f.severity());
    }

    @Test
    void aReplaceAccumulateBesideASumAccumulateIsAnError() throws Exception {
        ruleBetweenLines11And21("rma.acc-op", run -> {
            run.rank(1).rma(11, RmaOp.ACCUMULATE, WIN, 0, 1, 1, INT, REPLACE_CODE, 0, 42, AccumulateOp.REPLACE);
            run.rank(2).accumulate(21, WIN, 0, 1, 1, INT, SUM);
        });
    }

    @Test
    void aPutAndAnAccumulateOnOneSlotAreAnErrorAndOnDifferentSlotsSilent() throws Exception {
        Finding f = inOneFenceEpoch(4, run -> {
            run.rank(1).put(11, WIN, 0, 1, 1, INT, 5);
            run.rank(2).accumulate(21, WIN, 0, 1, 1, INT, SUM);
            run.rank(3).accumulate(31, WIN, 0, 2, 1, INT, SUM);
        }).one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1, 2), 21);
        assertTrue(f.message().startsWith("[rma.put-acc] "), f.message());
    }

    @Test
    void aConflictRepeatedInEveryIterationIsOneFindingThatCountsThem() throws Exception {
        RunBuilder run = run(3);
        for (int it = 0; it < 50; it++) {
            fenced(run, 3);
            run.rank(1).put(11, WIN, 0, 0, 1, INT, it);
            run.rank(2).put(21, WIN, 0, 0, 1, INT, it + 1000);
        }
        closeFence(run, 3);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1, 2), 21);
        assertTrue(f.message().contains("conflicted 50 times"), f.message());
    }

    @Test
    void aPairThatWroteTheSameValueSomeTimesAndDifferentOnesOthersIsOneErrorThatSaysSo() throws Exception {
        RunBuilder run = run(3);
        for (int it = 0; it < 6; it++) {
            fenced(run, 3);
            run.rank(1).put(11, WIN, 0, 0, 1, INT, 7);
            run.rank(2).put(21, WIN, 0, 0, 1, INT, it % 2 == 0 ? 7 : 8); // a lost update: both wrote 7
        }
        closeFence(run, 3);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1, 2), 21);
        assertEquals(Severity.ERROR, f.severity());
        assertTrue(f.message().startsWith("[rma.put-put] "), f.message());
        assertTrue(f.message().contains("conflicted 6 times") && f.message().contains("In 3 of them the two wrote "
                + "the same value"), f.message());
    }

    // ---- post/start/complete/wait ----

    @Test
    void twoOriginsPuttingIntoOneExposureEpochConflict() throws Exception {
        RunBuilder run = run(3);
        run.rank(0).pscw(3, RmaSyncOp.POST, WIN, 1, 2);
        for (int r = 1; r <= 2; r++) {
            run.rank(r).pscw(4, RmaSyncOp.START, WIN, 0).put(10 * r + 1, WIN, 0, 0, 1, INT, r)
                    .pscw(5, RmaSyncOp.COMPLETE, WIN);
        }
        run.rank(0).pscw(6, RmaSyncOp.WAIT, WIN);
        Analyzed.of(run.write(true)).one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1, 2), 21);
    }

    @Test
    void exposureEpochsOneOriginAfterTheOtherAreSilent() throws Exception {
        RunBuilder run = run(3);
        run.rank(0).pscw(3, RmaSyncOp.POST, WIN, 1).pscw(6, RmaSyncOp.WAIT, WIN)
                .pscw(7, RmaSyncOp.POST, WIN, 2).pscw(8, RmaSyncOp.WAIT, WIN);
        for (int r = 1; r <= 2; r++) {
            run.rank(r).pscw(4, RmaSyncOp.START, WIN, 0).put(10 * r + 1, WIN, 0, 0, 1, INT, r)
                    .pscw(5, RmaSyncOp.COMPLETE, WIN);
        }
        Analyzed.of(run.write(true)).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void aTargetLoadingItsWindowInsideItsExposureEpochConflictsWithThePutAndAfterItsWaitIsSilent()
            throws Exception {
        RunBuilder run = run(2);
        run.rank(0).pscw(3, RmaSyncOp.POST, WIN, 1).access(4, WIN, 0, 4, false, 0)
                .pscw(6, RmaSyncOp.WAIT, WIN).access(7, WIN, 0, 4, false, 0);
        run.rank(1).pscw(4, RmaSyncOp.START, WIN, 0).put(11, WIN, 0, 0, 1, INT, 9).pscw(5, RmaSyncOp.COMPLETE, WIN);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.RMA_CONFLICT, 4, List.of(0, 1), 11);
        assertEquals(Severity.ERROR, f.severity());
        assertTrue(f.message().startsWith("[rma.load-put] ")
                && f.message().contains("the load by rank 0 from its own window"), f.message());
    }

    @Test
    void aSuccessfulTestEndsTheExposureEpochAsAWaitDoes() throws Exception {
        RunBuilder run = run(2);
        run.rank(0).pscw(3, RmaSyncOp.POST, WIN, 1).pscw(6, RmaSyncOp.TEST, WIN).access(7, WIN, 0, 4, true, 0);
        run.rank(1).pscw(4, RmaSyncOp.START, WIN, 0).put(11, WIN, 0, 0, 1, INT, 9).pscw(5, RmaSyncOp.COMPLETE, WIN);
        Analyzed.of(run.write(true)).none(FindingKind.RMA_CONFLICT);
    }

    // ---- passive target: lock/unlock ----

    /** The seed's Figure 2c: barrier, shared locks, a put and a get of one slot, barrier. */
    private RunBuilder sharedLockEpochs(int lockType, boolean barrierBetween) {
        RunBuilder run = run(3);
        for (int r = 0; r < 3; r++) {
            run.rank(r).barrier(2);
        }
        run.rank(1).lock(10, WIN, lockType, 0).put(11, WIN, 0, 5, 1, INT, 3).unlock(12, WIN, 0);
        if (barrierBetween) {
            for (int r = 0; r < 3; r++) {
                run.rank(r).barrier(15);
            }
        }
        run.rank(2).lock(20, WIN, lockType, 0).get(21, WIN, 0, 5, 1, INT).unlock(22, WIN, 0);
        for (int r = 0; r < 3; r++) {
            run.rank(r).barrier(30);
        }
        return run;
    }

    @Test
    void aPutAndAGetOfOneSlotUnderSharedLocksConflict() throws Exception {
        Finding f = Analyzed.of(sharedLockEpochs(SHARED, false).write(true))
                .one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1, 2), 21);
        assertTrue(f.message().contains("under a shared lock"), f.message());
    }

    @Test
    void theSameUnderExclusiveLocksIsSilent() throws Exception {
        Analyzed.of(sharedLockEpochs(EXCLUSIVE, false).write(true)).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void theSameWithABarrierBetweenTheEpochsIsSilent() throws Exception {
        Analyzed.of(sharedLockEpochs(SHARED, true).write(true)).none(FindingKind.RMA_CONFLICT);
    }

    /** The seed's Figure 2d: the target stores into its window under its own shared lock while a put lands. */
    @Test
    void aTargetStoreConcurrentWithARemotePutToTheSameBytesIsAnError() throws Exception {
        RunBuilder run = run(2);
        run.rank(0).barrier(2).lock(3, WIN, SHARED, 0).access(4, WIN, 20, 4, true, 77).unlock(5, WIN, 0).barrier(9);
        run.rank(1).barrier(2).lock(10, WIN, SHARED, 0).put(11, WIN, 0, 5, 1, INT, 88).unlock(12, WIN, 0).barrier(9);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.RMA_CONFLICT, 4, List.of(0, 1), 11);
        assertEquals(Severity.ERROR, f.severity());
        assertTrue(f.message().startsWith("[rma.store-put] "), f.message());
    }

    @Test
    void aTargetStoreAfterTheBarrierThatFollowsTheUnlockIsSilent() throws Exception {
        RunBuilder run = run(2);
        run.rank(0).barrier(2).barrier(9).access(4, WIN, 20, 4, true, 77);
        run.rank(1).barrier(2).lock(10, WIN, SHARED, 0).put(11, WIN, 0, 5, 1, INT, 88).unlock(12, WIN, 0).barrier(9);
        Analyzed.of(run.write(true)).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void aTargetStoreUnderItsOwnExclusiveLockIsKeptApartFromAnotherLockEpoch() throws Exception {
        RunBuilder run = run(2);
        run.rank(0).barrier(2).lock(3, WIN, EXCLUSIVE, 0).access(4, WIN, 20, 4, true, 77).unlock(5, WIN, 0)
                .barrier(9);
        run.rank(1).barrier(2).lock(10, WIN, SHARED, 0).put(11, WIN, 0, 5, 1, INT, 88).unlock(12, WIN, 0).barrier(9);
        Analyzed.of(run.write(true)).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void aTargetStoreOfTheSameValueAsTheRemotePutIsABenignWarning() throws Exception {
        RunBuilder run = run(2);
        run.rank(0).barrier(2).access(4, WIN, 20, 4, true, 88).barrier(9);
        run.rank(1).barrier(2).lock(10, WIN, SHARED, 0).put(11, WIN, 0, 5, 1, INT, 88).unlock(12, WIN, 0).barrier(9);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.RMA_CONFLICT, 4, List.of(0, 1), 11);
        assertEquals(Severity.WARNING, f.severity());
    }

    @Test
    void aTargetLoadConcurrentWithARemoteGetIsSilentAndWithARemotePutAnError() throws Exception {
        RunBuilder run = run(3);
        run.rank(0).barrier(2).access(4, WIN, 0, 8, false, 0).barrier(9);
        run.rank(1).barrier(2).lock(10, WIN, SHARED, 0).get(11, WIN, 0, 0, 1, INT).unlock(12, WIN, 0).barrier(9);
        run.rank(2).barrier(2).lock(20, WIN, SHARED, 0).put(21, WIN, 0, 1, 1, INT, 5).unlock(22, WIN, 0).barrier(9);
        Analyzed.of(run.write(true)).one(FindingKind.RMA_CONFLICT, 4, List.of(0, 2), 21);
    }

    @Test
    void aTargetStoreOverlappingARemoteGetIsAnError() throws Exception {
        RunBuilder run = run(2);
        run.rank(0).barrier(2).access(4, WIN, 4, 4, true, 1).barrier(9);
        run.rank(1).barrier(2).lock(10, WIN, SHARED, 0).get(11, WIN, 0, 0, 2, INT).unlock(12, WIN, 0).barrier(9);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.RMA_CONFLICT, 4, List.of(0, 1), 11);
        assertTrue(f.message().startsWith("[rma.store-get] ")
                && f.message().contains("may see the value before the write"), f.message());
    }

    @Test
    void aTargetStoreBesideAConcurrentRemotePutIsAPortabilityWarning() throws Exception {
        RunBuilder run = run(2);
        run.rank(0).barrier(2).access(4, WIN, 40, 4, true, 1).barrier(9);
        run.rank(1).barrier(2).lock(10, WIN, SHARED, 0).put(11, WIN, 0, 0, 1, INT, 2).unlock(12, WIN, 0).barrier(9);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.RMA_CONFLICT, 4, List.of(0, 1), 11);
        assertEquals(Severity.WARNING, f.severity());
        assertTrue(f.message().startsWith("[rma.store-window] ") && f.message().contains("separate memory model"),
                f.message());
    }

    // ---- a lock built from atomics: compare-and-swap on a window word ----

    /**
     * Ranks 1 and 2 each take a spin lock on rank 0's slot 0 by compare-and-swap under lockAll,
     * then put into slot 1 (with {@code cas} false, the same puts without the lock): the lock
     * orders them through window data, which the check does not follow, so a warning; without
     * it an error.
     */
    private RunBuilder spinLocked(boolean cas) {
        RunBuilder run = run(3);
        for (int r = 1; r <= 2; r++) {
            RunBuilder.Rank rank = run.rank(r).winSync(10 * r, RmaSyncOp.LOCK_ALL, WIN, -1, 0, 0);
            if (cas) {
                rank.rma(10 * r + 1, RmaOp.COMPARE_AND_SWAP, WIN, 0, 0, 1, INT, 0, 0, 0)
                        .winSync(10 * r + 2, RmaSyncOp.FLUSH, WIN, 0, 0, 0);
            }
            rank.put(10 * r + 3, WIN, 0, 1, 1, INT, r).winSync(10 * r + 4, RmaSyncOp.FLUSH, WIN, 0, 0, 0)
                    .winSync(10 * r + 5, RmaSyncOp.UNLOCK_ALL, WIN, -1, 0, 0);
        }
        return run;
    }

    @Test
    void putsEachAfterACompareAndSwapOfItsRankAreAWarningNotAnError() throws Exception {
        Finding f = Analyzed.of(spinLocked(true).write(true)).one(FindingKind.RMA_CONFLICT, 13, List.of(0, 1, 2), 23);
        assertEquals(Severity.WARNING, f.severity(), f.message());
        assertTrue(f.message().startsWith("[rma.put-put] ") && f.message().contains("unless a lock built from the "
                + "compare-and-swap"), f.message());
    }

    @Test
    void thePutsWithoutTheCompareAndSwapAreAnError() throws Exception {
        Finding f = Analyzed.of(spinLocked(false).write(true)).one(FindingKind.RMA_CONFLICT, 13, List.of(0, 1, 2), 23);
        assertEquals(Severity.ERROR, f.severity(), f.message());
    }

    // ---- lockAll with flush, request-based operations ----

    /** Rank 1 puts into rank 0 under lockAll and tells rank 2, which then reads the slot. */
    private RunBuilder putThenTell(RmaSyncOp completion) {
        RunBuilder run = run(3);
        run.rank(1).winSync(10, RmaSyncOp.LOCK_ALL, WIN, -1, 0, 0).put(11, WIN, 0, 3, 1, INT, 4)
                .winSync(12, completion, WIN, 0, 0, 0).send(13, 2, 0, INT, 1)
                .winSync(14, RmaSyncOp.UNLOCK_ALL, WIN, -1, 0, 0);
        run.rank(2).winSync(20, RmaSyncOp.LOCK_ALL, WIN, -1, 0, 0).recv(21, 1, 0, INT, 1).get(22, WIN, 0, 3, 1, INT)
                .winSync(23, RmaSyncOp.UNLOCK_ALL, WIN, -1, 0, 0);
        return run;
    }

    @Test
    void aFlushBeforeTheMessageOrdersThePutBeforeTheReadersGet() throws Exception {
        Analyzed.of(putThenTell(RmaSyncOp.FLUSH).write(true)).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void aFlushAllOrdersItToo() throws Exception {
        Analyzed.of(putThenTell(RmaSyncOp.FLUSH_ALL).write(true)).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void aLocalFlushDoesNotCompleteThePutAtTheTargetSoTheGetConflicts() throws Exception {
        Finding f = Analyzed.of(putThenTell(RmaSyncOp.FLUSH_LOCAL).write(true))
                .one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1, 2), 22);
        assertTrue(f.message().contains("under lockAll"), f.message());
    }

    /**
     * Rank 1 puts into rank 0 and into rank 3 under lockAll, flushes rank 0 only and tells rank 2,
     * which reads both slots: the flush completed the put to rank 0 alone, so only the read of
     * rank 3's slot conflicts.
     */
    @Test
    void aFlushOfOneTargetLeavesThePutsToTheOthersPending() throws Exception {
        RunBuilder run = run(4);
        run.rank(1).winSync(10, RmaSyncOp.LOCK_ALL, WIN, -1, 0, 0).put(11, WIN, 0, 3, 1, INT, 4)
                .put(12, WIN, 3, 3, 1, INT, 5).winSync(13, RmaSyncOp.FLUSH, WIN, 0, 0, 0).send(14, 2, 0, INT, 1)
                .winSync(15, RmaSyncOp.UNLOCK_ALL, WIN, -1, 0, 0);
        run.rank(2).winSync(20, RmaSyncOp.LOCK_ALL, WIN, -1, 0, 0).recv(21, 1, 0, INT, 1).get(22, WIN, 0, 3, 1, INT)
                .get(23, WIN, 3, 3, 1, INT).winSync(24, RmaSyncOp.UNLOCK_ALL, WIN, -1, 0, 0);
        Analyzed.of(run.write(true)).one(FindingKind.RMA_CONFLICT, 12, List.of(1, 2, 3), 23);
    }

    /**
     * Rank 1 puts into twelve slots of rank 0 under lockAll and tells rank 2, which reads the
     * first slot: a window keeps its first few live accesses in an array and moves them to a
     * map past that, and the first put must still be found.
     */
    @Test
    void theFirstOfManyLiveAccessesOfAWindowIsStillJudged() throws Exception {
        RunBuilder run = run(3);
        RunBuilder.Rank r1 = run.rank(1).winSync(10, RmaSyncOp.LOCK_ALL, WIN, -1, 0, 0);
        for (int slot = 0; slot < 12; slot++) {
            r1.put(30 + slot, WIN, 0, slot, 1, INT, slot);
        }
        r1.send(14, 2, 0, INT, 1).winSync(15, RmaSyncOp.UNLOCK_ALL, WIN, -1, 0, 0);
        run.rank(2).winSync(20, RmaSyncOp.LOCK_ALL, WIN, -1, 0, 0).recv(21, 1, 0, INT, 1).get(22, WIN, 0, 0, 1, INT)
                .winSync(24, RmaSyncOp.UNLOCK_ALL, WIN, -1, 0, 0);
        Analyzed.of(run.write(true)).one(FindingKind.RMA_CONFLICT, 30, List.of(0, 1, 2), 22);
    }

    /** Rank 1 issues {@code op} on slot 3 of rank 0, waits for its request, tells rank 2, which puts there. */
    private RunBuilder requestThenTell(RmaOp op) {
        RunBuilder run = run(3);
        RunBuilder.Rank r1 = run.rank(1).winSync(10, RmaSyncOp.LOCK_ALL, WIN, -1, 0, 0);
        long req = r1.newRequest();
        r1.rma(11, op, WIN, 0, 3, 1, INT, 0, req, 6).waitFor(12, req, -1, -1, -1).send(13, 2, 0, INT, 1)
                .winSync(14, RmaSyncOp.UNLOCK_ALL, WIN, -1, 0, 0);
        run.rank(2).winSync(20, RmaSyncOp.LOCK_ALL, WIN, -1, 0, 0).recv(21, 1, 0, INT, 1)
                .put(22, WIN, 0, 3, 1, INT, 7).winSync(23, RmaSyncOp.UNLOCK_ALL, WIN, -1, 0, 0);
        return run;
    }

    @Test
    void anRGetWaitedForBeforeTheMessageIsDoneAtTheTargetSoTheLaterPutIsSilent() throws Exception {
        Analyzed.of(requestThenTell(RmaOp.RGET).write(true)).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void anRPutWaitedForIsOnlyLocallyCompleteSoTheLaterPutConflicts() throws Exception {
        Analyzed.of(requestThenTell(RmaOp.RPUT).write(true)).one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1, 2), 22);
    }

    // ---- layouts ----

    /** Ranks 1 and 2 put a vector of 4 ints with stride 2 (16 bytes of data over 28 of extent) at these slots. */
    private Analyzed holedPuts(long disp1, long disp2) throws IOException {
        return inOneFenceEpoch(3, run -> {
            for (int r = 1; r <= 2; r++) {
                int column = run.rank(r).rec.defineSignature(new int[] {INT}, new long[] {4}, 16, 28);
                run.rank(r).put(10 * r + 1, WIN, 0, r == 1 ? disp1 : disp2, 1, column, r);
            }
        });
    }

    @Test
    void derivedTypesWithHolesInterleavedOnTheSameSpanAreNotReported() throws Exception {
        holedPuts(0, 1).none(FindingKind.RMA_CONFLICT);
    }

    @Test
    void derivedTypesWithHolesLaidOutAlikeFromTheSameByteConflict() throws Exception {
        holedPuts(1, 1).one(FindingKind.RMA_CONFLICT, 11, List.of(0, 1, 2), 21);
    }
}
