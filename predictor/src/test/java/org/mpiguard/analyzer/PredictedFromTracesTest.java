package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.analyzer.DeadlockPredictor.Buffering;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingFormat;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.trace.RequestOp;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * Traces written through the real recorder and encoder (the analyzer's {@link RunBuilder}),
 * read back, converted by the predictor's trace converter and analysed through
 * {@link Analysis#run(TraceSet, List)}, which finds the predictor by its service entry:
 * the path {@code mpiguard analyze} takes.
 */
class PredictedFromTracesTest {

    static final int INT = 5;
    static final int ANY = TraceRecorder.ANY;

    @TempDir
    Path dir;

    /** Both ranks send first; the run completed (eager buffering), so each receive took the other's message. */
    private Path headToHead(boolean rank1ReceivesFirst) throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(12, 1, 7, INT, 1).recv(13, 1, 7, INT, 1);
        if (rank1ReceivesFirst) {
            run.rank(1).recv(16, 0, 7, INT, 1).send(17, 0, 7, INT, 1);
        } else {
            run.rank(1).send(16, 0, 7, INT, 1).recv(17, 0, 7, INT, 1);
        }
        return run.write(true);
    }

    @Test
    void headToHeadSendsThatEagerBufferingCompletedArePredictedUnderZeroBuffering() throws Exception {
        Analysis.Result r = analyse(headToHead(false), Buffering.ZERO);
        List<Finding> f = predicted(r);
        assertEquals(1, f.size(), r.notes().toString());
        assertEquals(List.of(0, 1), f.get(0).ranks());
        assertEquals(List.of("0@Prog.java:12", "1@Prog.java:16"), sitesOf(f.get(0)));
        assertEquals(Severity.ERROR, f.get(0).severity(), "the run's own matches deadlock: no replay needed");
        assertTrue(f.get(0).message().contains("rank 0 sends to rank 1, tag 7 at Prog.java:12 and waits for it to be "
                + "received"), FindingFormat.text(f.get(0)));
        assertTrue(predicted(analyse(dir, Buffering.INFINITE)).isEmpty());
    }

    /**
     * Rank 0 sends from one thread and receives from another: the two run at once, so the
     * exchange cannot deadlock, but the recorded order between the threads reads as the
     * head-to-head above. No prediction, and a note says why.
     */
    @Test
    void aRankThatCommunicatesFromTwoThreadsIsNotPredicted() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).onAnotherThread(r -> r.send(12, 1, 7, INT, 1)).onAnotherThread(r -> r.recv(13, 1, 7, INT, 1));
        run.rank(1).send(16, 0, 7, INT, 1).recv(17, 0, 7, INT, 1);
        Analysis.Result r = analyse(run.write(true), Buffering.ZERO);
        assertTrue(predicted(r).isEmpty(), r.findings().toString());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("rank 0 communicated from 2 threads at once")),
                r.notes().toString());
    }

    @Test
    void headToHeadWhoseSecondRankReceivesFirstIsSilent() throws Exception {
        assertSilent(analyse(headToHead(true), Buffering.ZERO), "zero");
    }

    /**
     * Master 0 hands workers 1 and 2 a task each, takes answers from ANY_SOURCE and sends
     * the third task to the worker it heard from first (2), then stops both. In the run 2
     * answered first; had 1, the master's later calls would differ from the trace's.
     */
    private Path masterWorker(boolean readsSource) throws Exception {
        RunBuilder run = new RunBuilder(dir, 3);
        RunBuilder.Rank master = run.rank(0);
        master.send(20, 1, 1, INT, 1).send(20, 2, 1, INT, 1).recv(22, ANY, 2, INT, 1, 2, 2);
        if (readsSource) {
            master.readSource(23, 2, 2);
        }
        master.send(24, 2, 1, INT, 1).recv(22, ANY, 2, INT, 1, 1, 2);
        if (readsSource) {
            master.readSource(23, 1, 2);
        }
        master.recv(22, ANY, 2, INT, 1, 2, 2);
        if (readsSource) {
            master.readSource(23, 2, 2);
        }
        master.send(26, 1, 1, INT, 1).send(26, 2, 1, INT, 1);
        run.rank(1).recv(30, 0, 1, INT, 1).send(31, 0, 2, INT, 1).recv(32, 0, 1, INT, 1);
        run.rank(2).recv(30, 0, 1, INT, 1).send(31, 0, 2, INT, 1).recv(32, 0, 1, INT, 1).send(31, 0, 2, INT, 1)
                .recv(32, 0, 1, INT, 1);
        return run.write(true);
    }

    /**
     * A real trace of test-programs' WorkStealing at 4 ranks in which rank 0's iProbe for
     * IDLE messages found rank 2's first and its receive named rank 2 from the Status: taken
     * as a named receive, a schedule where rank 3's IDLE came first (and rank 3 blocked
     * sending it) was predicted to deadlock. The probe's match is the receive's wildcard,
     * kept on rank 2 and released by rank 3's pending message: silent.
     */
    @Test
    void aReceiveNamedFromAWildcardProbesStatusIsKeptOnThatMatch() throws Exception {
        Path traces = Path.of(getClass().getResource("/traces/work-stealing/trace-rank0.mpgt").toURI()).getParent();
        assertSilent(analyse(traces, Buffering.ZERO), "zero");
        assertSilent(analyse(traces, Buffering.INFINITE), "infinite");
    }

    /**
     * Each rank posts a receive of the other's message, tests until it arrives, then sends it:
     * every schedule deadlocks with both ranks testing. With {@code serving}, each probes for
     * other messages between its tests (a loop that serves while it waits).
     */
    private Path testLoops(boolean serving) throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        for (int me = 0; me < 2; me++) {
            RunBuilder.Rank r = run.rank(me);
            long q = r.irecv(50, 1 - me, 3 + me, INT, 1);
            if (serving) {
                r.iProbeEmpty(52, ANY, 9);
            }
            r.testFound(51, q, 1 - me, 3 + me, 1).send(54, 1 - me, 4 - me, INT, 1);
        }
        return run.write(true);
    }

    /** A test loop that does nothing else while it waits is a wait: the cycle through it is predicted. */
    @Test
    void aLoopThatOnlyTestsIsABlockingWait() throws Exception {
        Analysis.Result r = analyse(testLoops(false), Buffering.INFINITE);
        List<Finding> f = predicted(r);
        assertEquals(1, f.size(), r.notes().toString());
        assertEquals(List.of("0@Prog.java:51", "1@Prog.java:51"), sitesOf(f.get(0)));
        assertTrue(f.get(0).message().contains("Request.test"), f.get(0).message());
    }

    /**
     * A rank that probes while it tests is not blocked: in another schedule it may take and
     * answer messages the trace does not show it taking. Not predicted, and said as a limit.
     */
    @Test
    void aLoopThatServesWhileItTestsIsNotABlockingPoint() throws Exception {
        Analysis.Result r = analyse(testLoops(true), Buffering.INFINITE);
        assertSilent(r, "infinite");
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("would stop a rank in a loop that tests while it probes,"
                + " sends or receives (first rank 0's Request.test at Prog.java:51)")), r.notes().toString());
    }

    /**
     * A real trace of WorkStealing at 4 ranks (2026-11-27) whose zero-buffer prediction
     * stopped rank 0 at its test at :97 (whose first test succeeded in the run) and rank 3 at
     * the same test (which served between its tests) while ranks 1 and 2 sent IDLE to rank 0:
     * the loop serves IDLE messages (iProbe, then the receive) between its tests, so in that
     * schedule rank 0 takes them. A site that served once is a polling loop everywhere. Silent.
     */
    @Test
    void aWorkStealingRankPollingForItsAnswerWhileItServesIsNotPredictedToBlock() throws Exception {
        Path traces = Path.of(getClass().getResource("/traces/work-stealing-polled/trace-rank0.mpgt").toURI())
                .getParent();
        assertSilent(analyse(traces, Buffering.ZERO), "zero");
        assertSilent(analyse(traces, Buffering.INFINITE), "infinite");
    }

    @Test
    void aMasterThatSendsTheNextTaskToTheSourceItReadIsSilent() throws Exception {
        Path traces = masterWorker(true);
        assertSilent(analyse(traces, Buffering.ZERO), "zero");
        assertSilent(analyse(traces, Buffering.INFINITE), "infinite");
    }

    /** Nothing says the program followed the match: the prediction stands, but as an unconfirmed warning. */
    @Test
    void theSameMasterWithoutTheReadIsPredictedAsAnUnconfirmedWarning() throws Exception {
        Analysis.Result r = analyse(masterWorker(false), Buffering.ZERO);
        List<Finding> f = predicted(r);
        assertEquals(1, f.size(), r.notes().toString());
        assertEquals(Severity.WARNING, f.get(0).severity());
        assertEquals(List.of("0@Prog.java:24", "2@Prog.java:31", "1@Prog.java:32"), sitesOf(f.get(0)));
        String message = f.get(0).message();
        assertTrue(message.startsWith("Unconfirmed: "), message);
        assertTrue(message.contains("the wildcard Comm.recv of rank 0 at Prog.java:22 take rank 1's message (the run "
                + "gave it rank 2's)"), message);
    }

    /** Every rank sends to the next before receiving; rank 0 receives from ANY_SOURCE (it took rank 2's message). */
    private Path ringThroughWildcard(boolean rank0ReceivesFirst) throws Exception {
        RunBuilder run = new RunBuilder(dir, 3);
        if (rank0ReceivesFirst) {
            run.rank(0).recv(20, ANY, 0, INT, 1, 2, 0).send(21, 1, 0, INT, 1);
        } else {
            run.rank(0).send(21, 1, 0, INT, 1).recv(20, ANY, 0, INT, 1, 2, 0);
        }
        run.rank(1).send(25, 2, 0, INT, 1).recv(26, 0, 0, INT, 1);
        run.rank(2).send(25, 0, 0, INT, 1).recv(26, 1, 0, INT, 1);
        return run.write(true);
    }

    @Test
    void threeRankCycleThroughAWildcardReceiveIsPredicted() throws Exception {
        Analysis.Result r = analyse(ringThroughWildcard(false), Buffering.ZERO);
        List<Finding> f = predicted(r);
        assertEquals(1, f.size(), r.notes().toString());
        assertEquals(List.of(0, 1, 2), f.get(0).ranks());
        assertEquals(List.of("0@Prog.java:21", "1@Prog.java:25", "2@Prog.java:25"), sitesOf(f.get(0)));
    }

    @Test
    void ringWhoseWildcardRankReceivesFirstIsSilent() throws Exception {
        assertSilent(analyse(ringThroughWildcard(true), Buffering.ZERO), "zero");
    }

    /**
     * Rank 0's wildcard takes rank 2's message before a barrier, its named receive rank 1's
     * after it: the barrier keeps rank 1's message out of the wildcard's reach. Safe.
     */
    @Test
    void barrierPartitionedExchangeIsSilentAndWithoutItsBarrierPredicted() throws Exception {
        RunBuilder safe = new RunBuilder(dir.resolve("safe"), 3);
        safe.rank(0).recv(40, ANY, 0, INT, 1, 2, 0).barrier(42).recv(44, 1, 0, INT, 1);
        safe.rank(1).barrier(42).send(47, 0, 0, INT, 1);
        safe.rank(2).send(50, 0, 0, INT, 1).barrier(42);
        assertSilent(analyse(safe.write(true), Buffering.ZERO), "zero");
        assertSilent(analyse(dir.resolve("safe"), Buffering.INFINITE), "infinite");

        RunBuilder racy = new RunBuilder(dir.resolve("racy"), 3);
        racy.rank(0).recv(40, ANY, 0, INT, 1, 2, 0).recv(44, 1, 0, INT, 1);
        racy.rank(1).send(47, 0, 0, INT, 1);
        racy.rank(2).send(50, 0, 0, INT, 1);
        List<Finding> f = predicted(analyse(racy.write(true), Buffering.ZERO));
        assertEquals(1, f.size());
        assertTrue(sitesOf(f.get(0)).contains("2@Prog.java:50"), sitesOf(f.get(0)).toString());
    }

    @Test
    void nonblockingSendsWaitedAfterTheirReceivesAreSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        for (int r = 0; r < 2; r++) {
            long q = run.rank(r).isend(60, 1 - r, 3, INT, 1);
            run.rank(r).recv(61, 1 - r, 3, INT, 1).waitFor(62, q, -1, -1, -1);
        }
        assertSilent(analyse(run.write(true), Buffering.ZERO), "zero");
    }

    @Test
    void aRankWhoseTraceIsNotWholeIsNotPredictedButSaid() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(12, 1, 7, INT, 1).recv(13, 1, 7, INT, 1);
        run.rank(1).send(16, 0, 7, INT, 1).recv(17, 0, 7, INT, 1);
        Analysis.Result r = analyse(run.write(false), Buffering.ZERO);
        assertTrue(predicted(r).isEmpty());
        assertTrue(r.notes().contains("predicted deadlocks (zero buffering) not analysed: rank 0's trace is not whole"),
                r.notes().toString());
    }

    /** A recording that carries a persistent request's start but not its send would hide a message: no verdict. */
    @Test
    void persistentStartsWithoutTheirMessagesAreNotPredictedButSaid() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        long q = run.rank(0).newRequest();
        run.rank(0).rec.request(run.rank(0).site("Prequest.start", 30), RequestOp.START, q);
        run.rank(0).waitFor(31, q, -1, -1, -1).recv(32, 1, 0, INT, 1);
        run.rank(1).recv(35, 0, 0, INT, 1).send(36, 0, 0, INT, 1);
        Analysis.Result r = analyse(run.write(true), Buffering.ZERO);
        assertTrue(predicted(r).isEmpty(), r.findings().toString());
        assertTrue(r.notes().contains("predicted deadlocks (zero buffering) not analysed: rank 0's trace has 1 starts "
                + "of persistent requests but 0 of their sends and receives"), r.notes().toString());
    }

    private static Analysis.Result analyse(Path traces, Buffering buffering) throws Exception {
        return Analysis.run(TraceSet.read(traces), List.of(buffering));
    }

    /**
     * No predicted deadlock, and the prediction ran to its end over the events (a silence that
     * a predictor missing from the class path or a conversion it gave up on would also give fails).
     */
    private static void assertSilent(Analysis.Result r, String buffering) {
        assertTrue(predicted(r).isEmpty(), r.findings().toString());
        assertTrue(r.events() > 0, "events analysed: " + r.events());
        String ran = "predicted deadlocks (" + buffering + " buffering): none in any schedule (";
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith(ran) && !n.startsWith(ran + "0 actions")),
                r.notes().toString());
    }

    private static List<Finding> predicted(Analysis.Result r) {
        return r.findings().stream().filter(f -> f.kind() == FindingKind.PREDICTED_DEADLOCK).toList();
    }

    private static List<String> sitesOf(Finding f) {
        List<String> out = new ArrayList<>();
        out.add(f.ranks().get(0) + "@" + f.site().location());
        f.related().forEach(r -> out.add(r.rank() + "@" + r.site().location()));
        return out;
    }
}
