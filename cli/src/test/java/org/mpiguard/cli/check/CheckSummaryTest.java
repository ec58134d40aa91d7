package org.mpiguard.cli.check;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.cli.report.FindingsDirectory;
import org.mpiguard.cli.report.MergedReport;
import org.mpiguard.cli.report.ReportFinding;

class CheckSummaryTest {

    private static final ReportFinding.Site RECEIVE = new ReportFinding.Site("Master", "main", "Master.java", 21);

    private static ReportFinding finding(String kind, String severity, int reportedBy, List<Integer> also) {
        return new ReportFinding(kind, severity, List.of(0, 1), "Comm.recv", RECEIVE, List.of(), "m", List.of(),
                List.of(), reportedBy, "k", also);
    }

    @Test
    void aRaceTheAnalysisFoundAndAReplayConfirmedCountsForBothSteps() {
        ReportFinding confirmed = finding("message-race", "error", FindingsDirectory.BY_EXPLORE,
                List.of(FindingsDirectory.BY_ANALYSIS));
        assertTrue(CheckSummary.foundBy(confirmed, CheckSummary.REPLAY));
        assertTrue(CheckSummary.foundBy(confirmed, CheckSummary.ANALYSIS));
        assertFalse(CheckSummary.foundBy(confirmed, CheckSummary.ONLINE));
        assertFalse(CheckSummary.foundBy(confirmed, CheckSummary.PREDICTION));

        String summary = print(confirmed);
        assertTrue(summary.contains("2. analysis") && summary.contains("1 finding(s), 0 predicted deadlock(s)"), summary);
        assertTrue(summary.contains("1 confirmed"), summary);
        // the listing names the step that owns the bug
        assertTrue(summary.contains("[replay (confirmed)] Comm.recv at Master.java:21"), summary);
    }

    @Test
    void aBugFoundOnlineAndInTheTracesCountsForBothAndAPredictionOnlyAsOne() {
        ReportFinding both = finding("type-mismatch", "error", 1, List.of(FindingsDirectory.BY_ANALYSIS));
        assertTrue(CheckSummary.foundBy(both, CheckSummary.ONLINE));
        assertTrue(CheckSummary.foundBy(both, CheckSummary.ANALYSIS));

        ReportFinding predicted = finding("predicted-deadlock", "warning", FindingsDirectory.BY_ANALYSIS, List.of());
        assertTrue(CheckSummary.foundBy(predicted, CheckSummary.PREDICTION));
        assertFalse(CheckSummary.foundBy(predicted, CheckSummary.ANALYSIS));

        ReportFinding online = finding("resource-leak", "warning", 0, List.of());
        assertFalse(CheckSummary.foundBy(online, CheckSummary.ANALYSIS));

        // a replay that did not reproduce a prediction adds its words to it: no replay is counted as confirmed
        ReportFinding notReproduced = finding("predicted-deadlock", "warning", FindingsDirectory.BY_ANALYSIS,
                List.of(FindingsDirectory.BY_EXPLORE));
        assertFalse(CheckSummary.foundBy(notReproduced, CheckSummary.REPLAY));
    }

    private static String print(ReportFinding... findings) {
        MergedReport report = new MergedReport(List.of(findings), List.of(), List.of(0, 1), 0);
        CheckSteps steps = new CheckSteps(Duration.ofMinutes(1));
        steps.ran(Duration.ofSeconds(1));
        steps.analysed(Duration.ofSeconds(1), 0);
        steps.explored(Duration.ofSeconds(1));
        StringWriter out = new StringWriter();
        CheckSummary.print(report, steps, Duration.ofSeconds(3), 0,
                Path.of("mpiguard-report.html"), new PrintWriter(out));
        return out.toString();
    }
}
