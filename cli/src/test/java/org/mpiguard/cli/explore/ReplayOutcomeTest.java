package org.mpiguard.cli.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.analyzer.ExploredRuns;
import org.mpiguard.analyzer.ReceiveSchedule;
import org.mpiguard.cli.report.ReportFinding;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;

class ReplayOutcomeTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private ReceiveSchedule observed;
    private Alternatives.Alternative firstTakesRank1;

    /** The observed run took ranks 3, 2, 1; the alternative makes the first receive take rank 1's message. */
    private void observedRun() throws Exception {
        observed = ReceiveSchedule.read(ExploredRuns.masterWorker(Files.createDirectory(dir.resolve("observed")), 3, 2, 1));
        ReceiveSchedule.Race first = observed.races().get(0);
        firstTakesRank1 = new Alternatives.Alternative(first, first.alternatives().get(0));
        assertEquals(1, firstTakesRank1.sender().rank());
    }

    private static JobReplay.Result result(Map<Integer, String> stdout, int exit, boolean timedOut,
                                           List<ReportFinding> findings) {
        return new JobReplay.Result(Path.of("replay"), exit, timedOut, 1000, stdout, findings);
    }

    private ReceiveSchedule replayedAs(int... taken) throws Exception {
        return ReceiveSchedule.read(ExploredRuns.masterWorkerForced(Files.createDirectory(dir.resolve("replay")), 1,
                taken));
    }

    private ReplayOutcome judge(JobReplay.Result replay, ReceiveSchedule replayed) {
        JobReplay.Result baseline = result(Map.of(0, "total = 30453\n"), 0, false, List.of());
        return ReplayOutcome.judge(firstTakesRank1, observed, baseline, replay, replayed, TIMEOUT);
    }

    @Test
    void anotherOutputIsAMessageRaceErrorWithBothSchedulesAndTheFirstDifferingLine() throws Exception {
        observedRun();
        ReplayOutcome o = judge(result(Map.of(0, "total = 11253\n"), 0, false, List.of()), replayedAs(1, 2, 3));
        assertEquals(ReplayOutcome.Verdict.DIFFERS, o.verdict());
        Finding f = o.finding();
        assertEquals(FindingKind.MESSAGE_RACE, f.kind());
        assertEquals(Severity.ERROR, f.severity());
        assertEquals(List.of(0, 1, 3), f.ranks(), "the receiver, the sender it took, the one forced");
        assertEquals("Prog.java:20", f.site().location());
        assertEquals(List.of("3:Prog.java:11", "1:Prog.java:11"),
                f.related().stream().map(r -> r.rank() + ":" + r.site().location()).toList());
        assertTrue(f.message().contains("the 1st Comm.recv of rank 0 at Prog.java:20 from MPI.ANY_SOURCE took the"
                + " message rank 3 sent at Prog.java:11; forced to take the one rank 1 sent at Prog.java:11 instead"),
                f.message());
        assertTrue(f.message().contains("rank 0's output differs at line 1: \"total = 30453\" in the observed schedule,"
                + " \"total = 11253\" in the other"), f.message());
        assertTrue(f.message().contains("the receives of rank 0 at Prog.java:20 took the messages of ranks 3, 2, 1 in"
                + " the observed run, of ranks 1 (forced), 2, 3 in the replay"), f.message());
    }

    @Test
    void theSameOutputIsEquivalentAndNoFinding() throws Exception {
        observedRun();
        ReplayOutcome o = judge(result(Map.of(0, "total = 30453\n"), 0, false, List.of()), replayedAs(1, 3, 2));
        assertEquals(ReplayOutcome.Verdict.EQUIVALENT, o.verdict());
        assertTrue(!o.verdict().harmful());
    }

    @Test
    void theAgentsDeadlockInTheReplayIsARaceWhoseAlternativeDeadlocksWhereverTheRanksStood() throws Exception {
        observedRun();
        ReportFinding.Site recv = new ReportFinding.Site("demo.Prog", "main", "Prog.java", 21);
        ReportFinding deadlock = new ReportFinding("deadlock", "error", List.of(0), "Comm.recv", recv, List.of(), "",
                List.of(new ReportFinding.Status(0, "blocked", "Comm.recv", recv, "main", List.of(2), false, List.of()),
                        new ReportFinding.Status(2, "finished", "MPI.Finalize", null, "main", List.of(), false,
                                List.of())), List.of(), 0);
        ReplayOutcome o = judge(result(Map.of(), 86, false, List.of(deadlock)), replayedAs(1, 2, 3));
        assertEquals(ReplayOutcome.Verdict.DEADLOCKS, o.verdict());
        assertTrue(o.finding().message().contains("instead, the run deadlocks: rank 0 blocked in Comm.recv at"
                + " Prog.java:21 (waits for rank 2); rank 2 finished."), o.finding().message());
        assertTrue(o.finding().message().contains("decides whether the job deadlocks"), o.finding().message());
    }

    @Test
    void aReplayKilledAtItsTimeLimitHangs() throws Exception {
        observedRun();
        ReplayOutcome o = judge(result(Map.of(), -1, true, List.of()), replayedAs(1, 2, 3));
        assertEquals(ReplayOutcome.Verdict.HANGS, o.verdict());
        assertTrue(o.finding().message().contains("the run did not end within 30 s and was killed"),
                o.finding().message());
    }

    @Test
    void aReplayThatNeverForcedTheReceiveIsNoVerdictWhateverItPrinted() throws Exception {
        observedRun();
        ReceiveSchedule unforced = ReceiveSchedule.read(ExploredRuns.masterWorker(
                Files.createDirectory(dir.resolve("unforced")), 1, 2, 3));
        ReplayOutcome o = judge(result(Map.of(0, "total = 11253\n"), 0, false, List.of()), unforced);
        assertEquals(ReplayOutcome.Verdict.NOT_FORCED, o.verdict());
        assertTrue(o.detail().contains("posted that receive with MPI.ANY_SOURCE"), o.detail());
        ReplayOutcome wrongSender = judge(result(Map.of(0, "total = 11253\n"), 0, false, List.of()), replayedAs(2, 1, 3));
        assertEquals(ReplayOutcome.Verdict.NOT_FORCED, wrongSender.verdict());
        assertEquals("that receive took rank 2's message, not the one forced", wrongSender.detail());
    }
}
