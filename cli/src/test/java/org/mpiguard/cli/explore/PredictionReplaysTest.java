package org.mpiguard.cli.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import org.mpiguard.core.explore.ForcedMatchPlan;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;

/**
 * The replay of an unconfirmed predicted deadlock: its plan from the witness's matches (named
 * by their trace events), and the verdicts: the agent's deadlock confirms it, a run to the end
 * or a deadlock only in a forced receive does not, a receive a replay cannot force says so.
 */
class PredictionReplaysTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "predicted-deadlock rank 0 at demo.Prog.main(Prog.java:30)";
    private static final ReportFinding.Site SEND_SITE = new ReportFinding.Site("demo.Prog", "main", "Prog.java", 30);

    @TempDir
    Path dir;

    /** A line of predicted-witnesses.jsonl: rank 0's receive of trace event {@code event} takes {@code sender}'s. */
    private static String line(int event, int sender) {
        return "{\"buffering\":\"zero\",\"finding\":{\"kind\":\"predicted-deadlock\",\"severity\":\"warning\",\"ranks\":"
                + "[0,1],\"op\":\"Comm.send\",\"site\":{\"class\":\"demo.Prog\",\"method\":\"main\",\"file\":\"Prog.java\","
                + "\"line\":30},\"related\":[],\"message\":\"Unconfirmed: ...\",\"key\":\"" + KEY + "\"},\"matches\":"
                + "[{\"rank\":0,\"event\":" + event + ",\"sender\":" + sender + ",\"changed\":true}]}";
    }

    private ReceiveSchedule observed(String name, boolean forcedFirst) throws Exception {
        Path d = Files.createDirectory(dir.resolve(name));
        return ReceiveSchedule.read(forcedFirst ? ExploredRuns.masterWorkerForced(d, 1, 2, 1)
                : ExploredRuns.masterWorker(d, 2, 1));
    }

    private PredictedWitnesses.Witness witness(ReceiveSchedule observed, int event, int sender) throws Exception {
        return PredictedWitnesses.witness(JSON.readTree(line(event, sender)), observed);
    }

    @Test
    void theWitnessesWildcardReceiveIsForcedAsEveryRunNamesIt() throws Exception {
        // rank 0's first receive is its trace's event 0 (its RECV; event 1 is its return)
        PredictedWitnesses.Witness w = witness(observed("observed", false), 0, 1);
        assertNull(w.refusal());
        assertEquals(KEY, w.key());
        assertTrue(w.zero());
        ForcedMatchPlan.Entry e = w.plan().entries().get(0);
        assertEquals(List.of(0, 1, 1, ExploredRuns.RECV_LINE), List.of(e.rank(), e.occurrence(), e.source(),
                e.site().line()));
        assertEquals(List.of("the 1st Comm.recv of rank 0 at Prog.java:20 takes rank 1's message"), w.changes());
        assertEquals("rank 0 at Prog.java:30", w.where());
    }

    @Test
    void theWitnessesOfTheTracesAnalysedAreReadAndAFileOlderThanTheTracesIsNot() throws Exception {
        Path traces = ExploredRuns.masterWorker(Files.createDirectory(dir.resolve("run")), 2, 1);
        ReceiveSchedule observed = ReceiveSchedule.read(traces);
        Path file = traces.resolve(org.mpiguard.analyzer.WitnessLog.FILE);
        Files.writeString(file, line(0, 1) + "\n");
        assertEquals(1, PredictedWitnesses.read(traces, observed).size());
        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(0));
        assertEquals(List.of(), PredictedWitnesses.read(traces, observed), "another run's witnesses");
    }

    @Test
    void aReceiveThatNamesItsSourceOrNoReceiveAtAllCannotBeForcedAndSaysWhy() throws Exception {
        PredictedWitnesses.Witness named = witness(observed("named", true), 0, 1);
        assertNull(named.plan());
        assertTrue(named.refusal().contains("names its source"), named.refusal());
        Finding f = PredictionOutcome.unreplayable(named).finding();
        assertEquals(Severity.WARNING, f.severity());
        assertEquals(KEY, f.key());
        assertTrue(f.message().startsWith("No replay could confirm it: the 1st Comm.recv of rank 0"), f.message());
        PredictedWitnesses.Witness none = witness(observed("none", false), 1, 1);
        assertTrue(none.refusal().contains("not one a replay can force"), none.refusal());
    }

    private static JobReplay.Result replay(int exit, List<ReportFinding> findings) {
        return new JobReplay.Result(Path.of("replay"), exit, false, 1000, Map.of(), findings);
    }

    private static ReportFinding deadlock() {
        return new ReportFinding("deadlock", "error", List.of(0, 1), "Comm.send", SEND_SITE,
                List.of(new ReportFinding.Related(1, "Comm.send", new ReportFinding.Site("demo.Prog", "main",
                        "Prog.java", 11))), "Deadlock", List.of(new ReportFinding.Status(0, "blocked", "Comm.send",
                        SEND_SITE, "main", List.of(1), false)), List.of(), 0);
    }

    @Test
    void theAgentsDeadlockInTheReplayMakesItAnErrorAtTheReplaysSites() throws Exception {
        PredictedWitnesses.Witness w = witness(observed("observed", false), 0, 1);
        ReceiveSchedule replayed = ReceiveSchedule.read(ExploredRuns.masterWorkerForced(
                Files.createDirectory(dir.resolve("replayed")), 1, 1, 2));
        PredictionOutcome o = PredictionOutcome.judge(w, replay(-1, List.of(deadlock())), replayed,
                Duration.ofSeconds(20));
        assertTrue(o.confirmed());
        Finding f = o.finding();
        assertEquals(FindingKind.PREDICTED_DEADLOCK, f.kind());
        assertEquals(Severity.ERROR, f.severity());
        assertEquals(KEY, f.key());
        assertEquals(30, f.site().line());
        assertEquals(11, f.related().get(0).site().line());
        assertTrue(f.message().contains("deadlocks: rank 0 blocked in Comm.send at Prog.java:30 (waits for rank 1)"),
                f.message());
        PredictionOutcome ended = PredictionOutcome.judge(w, replay(0, List.of()), replayed, Duration.ofSeconds(20));
        assertEquals(Severity.WARNING, ended.finding().severity());
        assertTrue(ended.finding().message().contains("ran to its end (exit code 0) without deadlock"),
                ended.finding().message());
    }

    @Test
    void aDeadlockOnlyInAForcedReceiveWhoseSenderNeverSentIsNotAConfirmation() throws Exception {
        PredictedWitnesses.Witness w = witness(observed("observed", false), 0, 1);
        Path d = Files.createDirectory(dir.resolve("starved"));
        ExploredRuns.starved(d);
        PredictionOutcome o = PredictionOutcome.judge(w, replay(-1, List.of(deadlock())), ReceiveSchedule.read(d),
                Duration.ofSeconds(20));
        assertEquals(Severity.WARNING, o.finding().severity());
        assertTrue(o.finding().message().contains("deadlocked only in a forced receive: the 1st Comm.iRecv of rank 0 at"
                + " Prog.java:20 waited for rank 1's message"), o.finding().message());
    }
}
