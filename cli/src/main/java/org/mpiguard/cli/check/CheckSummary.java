package org.mpiguard.cli.check;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.mpiguard.cli.report.FindingsDirectory;
import org.mpiguard.cli.report.MergedReport;
import org.mpiguard.cli.report.ReportFinding;

/**
 * The check's last screen: each step with its time and what it found, then every finding
 * with the step that found or confirmed it (the ranks online, the analysis of the traces, the
 * prediction, a replay).
 */
final class CheckSummary {

    static final String ONLINE = "run (online)";
    static final String ANALYSIS = "analysis";
    static final String PREDICTION = "prediction";
    static final String REPLAY = "replay (confirmed)";
    static final String REPLAYED = "replay (not confirmed)";
    private static final int MAX_LISTED = 20;

    private CheckSummary() {
    }

    /** Which step found or confirmed {@code f}, from the file it was read from. */
    static String step(ReportFinding f) {
        return step(f, f.reportedBy());
    }

    private static String step(ReportFinding f, int reportedBy) {
        if (reportedBy == FindingsDirectory.BY_EXPLORE) {
            return f.isError() ? REPLAY : REPLAYED;
        }
        if (reportedBy == FindingsDirectory.BY_ANALYSIS) {
            return f.kind().equals("predicted-deadlock") ? PREDICTION : ANALYSIS;
        }
        return ONLINE;
    }

    /**
     * Whether {@code step} found {@code f}: the step that owns it, or one whose finding of the same
     * bug was merged into it (the analysis's warning of a race a replay then confirmed, the
     * analysis's finding of a bug a rank also found online). A step's count on the summary is of
     * what it found, so a race the analysis found and a replay confirmed counts for both.
     */
    static boolean foundBy(ReportFinding f, String step) {
        if (step(f).equals(step)) {
            return true;
        }
        for (int other : f.alsoReportedBy()) {
            if (other != FindingsDirectory.BY_EXPLORE && step(f, other).equals(step)) {
                return true;
            }
        }
        return false;
    }

    static void print(MergedReport report, CheckSteps steps, Duration total, int runStatus, Path html, PrintWriter out) {
        List<ReportFinding> findings = report.findings();
        out.println();
        out.println("MPIGuard deep check: " + report.errors() + " error(s), " + report.warnings() + " warning(s) in "
                + CheckSteps.format(total) + " of a budget of " + CheckSteps.format(steps.budget()));
        out.printf("  %-20s %10s  %s%n", "1. run (online)", CheckSteps.format(steps.run()),
                count(findings, ONLINE) + " finding(s); mpiguard run exited with " + runStatus);
        out.printf("  %-20s %10s  %s%n", "2. analysis", CheckSteps.format(steps.analysis()),
                count(findings, ANALYSIS) + " finding(s), " + count(findings, PREDICTION) + " predicted deadlock(s)");
        out.printf("  %-20s %10s  %s%n", "3. replays", CheckSteps.format(steps.replaysTook()),
                count(findings, REPLAY) + " confirmed");
        Map<String, Set<Integer>> lines = new LinkedHashMap<>();
        for (ReportFinding f : findings) {
            String line = String.format("  %-7s %-20s %-20s %s at %s", f.isError() ? "ERROR" : "warning", f.kind(),
                    "[" + step(f) + "]", f.op(), f.site() == null ? "?" : f.site().location());
            lines.computeIfAbsent(line, k -> new TreeSet<>()).addAll(f.ranks());
        }
        int listed = 0;
        for (var line : lines.entrySet()) {
            if (listed++ == MAX_LISTED) {
                out.println("  ... and " + (lines.size() - MAX_LISTED) + " more in the report");
                break;
            }
            out.println(line.getKey() + ", ranks " + line.getValue().toString().replace(" ", ""));
        }
        out.println("Report:  " + html.toAbsolutePath());
        out.flush();
    }

    private static long count(List<ReportFinding> findings, String step) {
        return findings.stream().filter(f -> foundBy(f, step)).count();
    }
}
