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
import org.mpiguard.core.trace.TraceRecorder;

/**
 * A ready send is valid only when its receive's post happens before it: by a collective or a
 * message, never by timing alone. Every run here is also analysed streaming, in other sweep
 * orders and spread over blocks ({@link Analyzed#of}), which must say the same byte for byte.
 */
class ReadySendAnalysisTest {

    static final int INT = 5;
    static final int ANY = TraceRecorder.ANY;

    @TempDir
    Path dir;

    @Test
    void aReadySendWhoseReceiveNothingOrdersBeforeItIsAWarningNamingBothSides() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).rsend(10, 1, 0, INT, 1);
        run.rank(1).recv(20, 0, 0, INT, 1);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.CALL_ORDERING, 10, List.of(0, 1), 20);
        assertEquals(Severity.WARNING, f.severity());
        assertEquals("Comm.rSend", f.op());
        assertEquals(1, f.related().get(0).rank());
        assertTrue(f.message().contains("rank 0 at Prog.java:10") && f.message().contains("rank 1 at Prog.java:20")
                && f.message().contains("barrier") && f.message().contains("standard send"), f.message());
    }

    @Test
    void aReceivePostedBeforeABarrierThatPrecedesTheReadySendIsSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        long req = run.rank(1).irecv(20, 0, 0, INT, 1);
        run.rank(1).barrier(21).waitFor(22, req, 0, 0, 1);
        run.rank(0).barrier(11).rsend(12, 1, 0, INT, 1);
        Analyzed.of(run.write(true)).none(FindingKind.CALL_ORDERING);
    }

    @Test
    void aReceivePostedBeforeAReadyMessageTheSenderWaitsForIsSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        long req = run.rank(1).irecv(20, 0, 0, INT, 1);
        run.rank(1).send(21, 0, 1, INT, 1).waitFor(22, req, 0, 0, 1);
        run.rank(0).recv(10, 1, 1, INT, 1).rsend(11, 1, 0, INT, 1);
        Analyzed.of(run.write(true)).none(FindingKind.CALL_ORDERING);
    }

    /** The ready message goes before the receive is posted: the handshake orders nothing that matters. */
    @Test
    void aReceivePostedOnlyAfterTheReadyMessageIsStillFound() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(1).send(21, 0, 1, INT, 1);
        long req = run.rank(1).irecv(22, 0, 0, INT, 1);
        run.rank(1).waitFor(23, req, 0, 0, 1);
        run.rank(0).recv(10, 1, 1, INT, 1).rsend(11, 1, 0, INT, 1);
        Analyzed.of(run.write(true)).one(FindingKind.CALL_ORDERING, 11, List.of(0, 1), 22);
    }

    /** Posted first, as a sleep on the sender makes sure of in a real run: the trace shows no order, so it is found. */
    @Test
    void aReceivePostedFirstByTimingAloneIsFound() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        long req = run.rank(1).irecv(20, 0, 0, INT, 1);
        run.rank(1).waitFor(21, req, 0, 0, 1);
        run.rank(0).rsend(10, 1, 0, INT, 1);
        Analyzed.of(run.write(true)).one(FindingKind.CALL_ORDERING, 10, List.of(0, 1), 20);
    }

    @Test
    void aNonblockingReadySendIsJudgedAlike() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        long sent = run.rank(0).irsend(10, 1, 0, INT, 1);
        run.rank(0).waitFor(11, sent, -1, -1, 0);
        run.rank(1).recv(20, 0, 0, INT, 1);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.CALL_ORDERING, 10, List.of(0, 1), 20);
        assertEquals("Comm.irSend", f.op());

        RunBuilder ordered = new RunBuilder(dir.resolve("ordered"), 2);
        long req = ordered.rank(1).irecv(20, 0, 0, INT, 1);
        ordered.rank(1).barrier(21).waitFor(22, req, 0, 0, 1);
        long s = ordered.rank(0).barrier(10).irsend(11, 1, 0, INT, 1);
        ordered.rank(0).waitFor(12, s, -1, -1, 0);
        Analyzed.of(ordered.write(true)).none(FindingKind.CALL_ORDERING);
    }

    @Test
    void theStartOfAPersistentReadySendIsJudgedAndAPersistentStandardSendIsNot() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        long ready = run.rank(0).sendInit(9, "rSendInit");
        run.rank(0).start(10, ready, 1, 0, INT, 1).waitFor(11, ready, -1, -1, 0);
        long standard = run.rank(0).sendInit(12, "sendInit");
        run.rank(0).start(13, standard, 1, 1, INT, 1).waitFor(14, standard, -1, -1, 0);
        run.rank(1).recv(20, 0, 0, INT, 1).recv(21, 0, 1, INT, 1);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.CALL_ORDERING, 10, List.of(0, 1), 20);
        assertEquals("Prequest.start", f.op());

        RunBuilder ordered = new RunBuilder(dir.resolve("ordered"), 2);
        long req = ordered.rank(1).irecv(20, 0, 0, INT, 1);
        ordered.rank(1).barrier(21).waitFor(22, req, 0, 0, 1);
        long p = ordered.rank(0).sendInit(9, "rSendInit");
        ordered.rank(0).barrier(10).start(11, p, 1, 0, INT, 1).waitFor(12, p, -1, -1, 0);
        Analyzed.of(ordered.write(true)).none(FindingKind.CALL_ORDERING);
    }

    /** Workers post their receive, then say they are ready; the master answers each ready message by rSend. */
    @Test
    void aMasterThatReadySendsWorkAfterEachWorkersReadyMessageIsSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 4);
        for (int round = 0; round < 3; round++) {
            for (int w = 1; w < 4; w++) {
                long req = run.rank(w).irecv(30, 0, 7, INT, 1);
                run.rank(w).send(31, 0, 1, INT, 1).waitFor(32, req, 0, 7, 1);
            }
            for (int w = 1; w < 4; w++) {
                run.rank(0).recv(10, ANY, 1, INT, 1, w, 1).rsend(11, w, 7, INT, 1);
            }
        }
        Analyzed.of(run.write(true)).none(FindingKind.CALL_ORDERING);
    }

    @Test
    void aReadySendRepeatedInALoopIsOneFindingThatCountsTheMessages() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        for (int i = 0; i < 3; i++) {
            run.rank(0).rsend(10, 1, 0, INT, 1);
            run.rank(1).recv(20, 0, 0, INT, 1);
        }
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.CALL_ORDERING, 10, List.of(0, 1), 20);
        assertTrue(f.message().contains("(3 messages between these two calls)"), f.message());
    }

    @Test
    void aReadySendToItsOwnRankAfterItsReceiveIsPostedIsSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 1);
        long req = run.rank(0).irecv(10, 0, 0, INT, 1);
        run.rank(0).rsend(11, 0, 0, INT, 1).waitFor(12, req, 0, 0, 1);
        Analyzed.of(run.write(true)).none(FindingKind.CALL_ORDERING);
    }

    /** A trace cut short (no end record) may miss what ordered the receive: no finding on a guess. */
    @Test
    void tracesThatAreNotWholeDrawNoFinding() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).rsend(10, 1, 0, INT, 1);
        run.rank(1).recv(20, 0, 0, INT, 1);
        Analyzed.of(run.write(false)).none(FindingKind.CALL_ORDERING);
    }
}
