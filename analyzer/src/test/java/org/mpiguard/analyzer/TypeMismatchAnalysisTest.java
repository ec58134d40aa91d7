package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.trace.TraceRecorder;

class TypeMismatchAnalysisTest {

    static final int BYTE = 1;
    static final int INT = 5;
    static final int FLOAT = 7;
    static final int PACKED = 9;
    static final int ANY = TraceRecorder.ANY;

    @TempDir
    Path dir;

    @Test
    void intsReceivedAsFloatsAreAnErrorNamingBothSitesAndBothSignatures() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 0, INT, 4);
        run.rank(1).recv(20, 0, 0, FLOAT, 4);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.TYPE_MISMATCH, 20, List.of(0, 1), 10);
        assertEquals(Severity.ERROR, f.severity());
        assertTrue(f.message().contains("4 of MPI.INT") && f.message().contains("4 of MPI.FLOAT"), f.message());
        assertTrue(f.message().contains("rank 0 at Prog.java:10"), f.message());
    }

    @Test
    void intsReceivedAsIntsAreSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 0, INT, 4);
        run.rank(1).recv(20, 0, 0, INT, 4);
        Analyzed.of(run.write(true)).none(FindingKind.TYPE_MISMATCH);
    }

    @Test
    void aDerivedTypeThatTurnsToFloatsHalfWayIsAMismatchAtThatElement() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 0, INT, 4);
        int mixed = run.rank(1).rec.defineSignature(new int[] {INT, FLOAT}, new long[] {2, 2}, 16, 16);
        run.rank(1).recv(20, 0, 0, mixed, 1);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.TYPE_MISMATCH, 20, List.of(0, 1), 10);
        assertTrue(f.message().contains("element 2 was sent as MPI.INT and is received as MPI.FLOAT"), f.message());
    }

    @Test
    void aDerivedTypeOfIntsReceivingIntsIsSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 0, INT, 8);
        int fourInts = run.rank(1).rec.defineSignature(new int[] {INT}, new long[] {4}, 16, 32);
        run.rank(1).recv(20, 0, 0, fourInts, 2);
        Analyzed.of(run.write(true)).none(FindingKind.TYPE_MISMATCH);
    }

    @Test
    void aSendLongerThanTheReceiveIsATruncationWithBothSides() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 0, INT, 8);
        run.rank(1).recv(20, 0, 0, INT, 4);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.TYPE_MISMATCH, 20, List.of(0, 1), 10);
        assertTrue(f.message().startsWith("Truncation") && f.message().contains("MPI_ERR_TRUNCATE"), f.message());
    }

    @Test
    void aSendShorterThanTheReceiveIsAPrefixAndSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 0, INT, 4);
        run.rank(1).recv(20, 0, 0, INT, 8);
        Analyzed.of(run.write(true)).none(FindingKind.TYPE_MISMATCH);
    }

    @Test
    void typedDataReceivedAsBytesIsAWarningAndPackedMatchesAnything() throws Exception {
        RunBuilder run = new RunBuilder(dir, 3);
        run.rank(0).send(10, 1, 0, INT, 4);
        run.rank(1).recv(20, 0, 0, BYTE, 16);
        run.rank(2).send(11, 1, 1, PACKED, 16);
        run.rank(1).recv(21, 2, 1, INT, 4);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.TYPE_MISMATCH, 20, List.of(0, 1), 10);
        assertEquals(Severity.WARNING, f.severity());
    }

    @Test
    void wildcardReceivesArePairedWithTheSenderTheStatusNamed() throws Exception {
        RunBuilder run = new RunBuilder(dir, 3);
        run.rank(1).send(11, 0, 0, INT, 1);
        run.rank(2).send(12, 0, 0, FLOAT, 1);
        run.rank(0).recv(20, ANY, 0, FLOAT, 1, 2, 0);
        run.rank(0).recv(21, ANY, 0, INT, 1, 1, 0);
        Analyzed.of(run.write(true)).none(FindingKind.TYPE_MISMATCH);

        RunBuilder swapped = new RunBuilder(dir.resolve("b"), 3);
        swapped.rank(1).send(11, 0, 0, INT, 1);
        swapped.rank(2).send(12, 0, 0, FLOAT, 1);
        swapped.rank(0).recv(20, ANY, 0, FLOAT, 1, 1, 0);
        swapped.rank(0).recv(21, ANY, 0, INT, 1, 2, 0);
        assertEquals(2, Analyzed.of(swapped.write(true)).of(FindingKind.TYPE_MISMATCH).size());
    }

    @Test
    void messagesOfOneSenderAndTagArePairedInOrder() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 3, INT, 1).send(11, 1, 3, FLOAT, 1);
        run.rank(1).recv(20, 0, 3, INT, 1).recv(21, 0, 3, FLOAT, 1);
        Analyzed.of(run.write(true)).none(FindingKind.TYPE_MISMATCH);

        RunBuilder wrong = new RunBuilder(dir.resolve("b"), 2);
        wrong.rank(0).send(10, 1, 3, INT, 1).send(11, 1, 3, FLOAT, 1);
        wrong.rank(1).recv(20, 0, 3, FLOAT, 1).recv(21, 0, 3, INT, 1);
        Analyzed a = Analyzed.of(wrong.write(true));
        assertEquals(2, a.of(FindingKind.TYPE_MISMATCH).size(), a.describe());
    }

    @Test
    void aLoopOfMismatchesIsOneFindingThatCountsThem() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        for (int i = 0; i < 50; i++) {
            run.rank(0).send(10, 1, 0, INT, 4);
            run.rank(1).recv(20, 0, 0, FLOAT, 4);
        }
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.TYPE_MISMATCH, 20, List.of(0, 1), 10);
        assertTrue(f.message().contains("50 messages"), f.message());
    }

    @Test
    void aBcastWhoseReceiverDescribesIntsAsADerivedTypeOfFloatsIsAMismatch() throws Exception {
        RunBuilder run = new RunBuilder(dir, 3);
        run.rank(0).collective(10, CollectiveKind.BCAST, 0, INT, 4, INT, 4);
        run.rank(1).collective(20, CollectiveKind.BCAST, 0, INT, 4, INT, 4);
        int floats = run.rank(2).rec.defineSignature(new int[] {FLOAT}, new long[] {4}, 16, 16);
        run.rank(2).collective(30, CollectiveKind.BCAST, 0, floats, 1, floats, 1);
        Analyzed.of(run.write(true)).one(FindingKind.TYPE_MISMATCH, 30, List.of(0, 2), 10);
    }

    /**
     * Two blocks of two ranks, each holding a member that takes the ints as floats: whichever
     * member gathers the bcast, the other block ships two members whose calls differ (members
     * are shipped as changes from the one before them), and both mismatches are found.
     */
    @Test
    void membersOfOneBlockWithDifferentCallsAreEachJudgedWhereTheBcastIsGathered() throws Exception {
        RunBuilder run = new RunBuilder(dir, 4);
        for (int r = 0; r < 4; r++) {
            int sig = INT;
            int count = 4;
            if (r % 2 == 1) {
                sig = run.rank(r).rec.defineSignature(new int[] {FLOAT}, new long[] {4}, 16, 16);
                count = 1;
            }
            run.rank(r).collective(10 * (r + 1), CollectiveKind.BCAST, 0, sig, count, sig, count);
        }
        Analyzed a = Analyzed.of(run.write(true));
        List<Finding> found = a.of(FindingKind.TYPE_MISMATCH);
        assertEquals(2, found.size(), a::describe);
        assertEquals(RunBuilder.FILE + ":20", found.get(0).site().location(), a::describe);
        assertEquals(List.of(0, 1), found.get(0).ranks(), a::describe);
        assertEquals(RunBuilder.FILE + ":40", found.get(1).site().location(), a::describe);
        assertEquals(List.of(0, 3), found.get(1).ranks(), a::describe);
    }

    @Test
    void aBcastWhoseReceiverDescribesTheIntsAsADerivedTypeOfIntsIsSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).collective(10, CollectiveKind.BCAST, 0, INT, 4, INT, 4);
        int ints = run.rank(1).rec.defineSignature(new int[] {INT}, new long[] {4}, 16, 16);
        run.rank(1).collective(20, CollectiveKind.BCAST, 0, ints, 1, ints, 1);
        Analyzed.of(run.write(true)).none(FindingKind.TYPE_MISMATCH);
    }

    @Test
    void aGatherWhoseRootTakesLessThanAMemberGivesIsATruncation() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        int pair = run.rank(0).rec.defineSignature(new int[] {INT}, new long[] {2}, 8, 8);
        run.rank(0).collective(10, CollectiveKind.GATHER, 0, pair, 1, pair, 1);
        run.rank(1).collective(20, CollectiveKind.GATHER, 0, INT, 3, 0, 0);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.TYPE_MISMATCH, 20, List.of(0, 1), 10);
        assertTrue(f.message().contains("different amounts"), f.message());
    }

    @Test
    void aBcastRootGivingMoreIntsThanAMemberTakesIsATruncationEvenWithPredefinedTypes() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).collective(10, CollectiveKind.BCAST, 0, INT, 8, INT, 8);
        run.rank(1).collective(20, CollectiveKind.BCAST, 0, INT, 4, INT, 4);
        Analyzed.of(run.write(true)).one(FindingKind.TYPE_MISMATCH, 20, List.of(0, 1), 10);
    }

    @Test
    void aBcastRootGivingFewerIntsThanAMemberTakesIsLeftToTheRing() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).collective(10, CollectiveKind.BCAST, 0, INT, 4, INT, 4);
        run.rank(1).collective(20, CollectiveKind.BCAST, 0, INT, 8, INT, 8);
        Analyzed.of(run.write(true)).none(FindingKind.TYPE_MISMATCH);
    }

    @Test
    void aWildcardReceivePostedFirstTakesTheFirstMessageEvenWhenItCompletesLast() throws Exception {
        // rank 1's ANY_SOURCE iRecv of one int is posted before its receive of a float from rank 0 and
        // waited for after it: MPI gives the first message (the int) to the wildcard
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 0, INT, 1).send(11, 1, 0, FLOAT, 1);
        long any = run.rank(1).irecv(20, ANY, 0, INT, 1);
        run.rank(1).recv(21, 0, 0, FLOAT, 1).waitFor(22, any, 0, 0, 1);
        Analyzed.of(run.write(true)).none(FindingKind.TYPE_MISMATCH);
    }

    @Test
    void aNonblockingSendCompletedLateStillGoesBeforeTheBlockingSendAfterIt() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        long first = run.rank(0).isend(10, 1, 0, INT, 1);
        run.rank(0).send(11, 1, 0, FLOAT, 1).waitFor(12, first, -1, -1, -1);
        run.rank(1).recv(20, 0, 0, INT, 1).recv(21, 0, 0, FLOAT, 1);
        Analyzed.of(run.write(true)).none(FindingKind.TYPE_MISMATCH);
    }

    @Test
    void aWildcardStillOpenOnAnotherTagDoesNotHoldBackTheReceivesAfterIt() throws Exception {
        // the open wildcard is on tag 7, no message has it: the int and float receives pair as sent
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 0, INT, 1).send(11, 1, 0, FLOAT, 1);
        run.rank(1).irecv(20, ANY, 7, INT, 1);
        run.rank(1).recv(21, 0, 0, FLOAT, 1).recv(22, 0, 0, INT, 1);
        Finding f = Analyzed.of(run.write(true)).of(FindingKind.TYPE_MISMATCH).get(0);
        assertTrue(f.message().contains("Prog.java:21") && f.message().contains("Prog.java:10"), f.message());
    }

    @Test
    void aFailureOfTheStreamingReplayFallsBackToTheWholeTracesWithANote() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 0, INT, 4);
        run.rank(1).recv(20, 0, 0, FLOAT, 4);
        Path traces = run.write(true);
        StreamingAnalysis.failureForTest = new IllegalStateException("replay broke");
        try {
            StreamingAnalysis.Streamed s = StreamingAnalysis.analyseSafely(traces);
            assertEquals(1, s.result().findings().size(), s.result().findings().toString());
            assertEquals(FindingKind.TYPE_MISMATCH, s.result().findings().get(0).kind());
            assertTrue(s.result().notes().toString().contains("the streaming analysis failed "
                    + "(java.lang.IllegalStateException: replay broke); the whole traces were analysed instead"),
                    s.result().notes().toString());
        } finally {
            StreamingAnalysis.failureForTest = null;
        }
    }
}
