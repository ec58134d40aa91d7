package org.mpiguard.junit;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiguard.core.report.FindingKind;

/**
 * Whether an {@link MpiTest} passed, and if not the assertion message: MPIGuard's error
 * findings (each with its ranks and {@code file:line}), what each failed rank threw, a job
 * ended at its time limit; with {@code expect}, only whether every expected kind was reported.
 */
final class JobVerdict {

    private static final int OUTPUT_TAIL = 1500;

    private JobVerdict() {
    }

    /** The failure message, or null when the test passed. */
    static String of(RankJob.Outcome job, List<JobFindings.Reported> findings, FindingKind[] expect, int timeoutSeconds,
                     Path reportDir) {
        List<String> lines = new ArrayList<>();
        if (expect.length > 0) {
            Set<String> missing = new LinkedHashSet<>();
            for (FindingKind kind : expect) {
                missing.add(kind.label());
            }
            findings.forEach(f -> missing.remove(f.kind()));
            if (missing.isEmpty()) {
                return null;
            }
            lines.add("expected MPIGuard to report " + String.join(", ", missing) + ", but it reported "
                    + (findings.isEmpty() ? "nothing" : findings.size() + " other finding(s):"));
            findings.forEach(f -> lines.add("  " + f.describe()));
        } else {
            List<JobFindings.Reported> errors = findings.stream().filter(JobFindings.Reported::isError).toList();
            boolean fine = errors.isEmpty() && job.failures().isEmpty() && !job.timedOut() && job.exitCode() == 0;
            if (fine) {
                return null;
            }
            if (!errors.isEmpty()) {
                lines.add("MPIGuard found " + errors.size() + " error(s):");
                errors.forEach(f -> lines.add("  " + f.describe()));
            }
            findings.stream().filter(f -> !f.isError()).forEach(f -> lines.add("  also: " + f.describe()));
        }
        job.failures().forEach((rank, thrown) -> lines.add("rank " + rank + " failed: " + thrown.strip()));
        if (job.timedOut()) {
            lines.add("the job was still running after its time limit of " + timeoutSeconds + " s and was ended"
                    + (findings.isEmpty() ? " (MPIGuard reported nothing by then)" : ""));
        } else if (job.exitCode() != 0 && job.failures().isEmpty() && findings.isEmpty()) {
            lines.add("mpirun exited with " + job.exitCode() + "; its output and the ranks' errors:");
            lines.add(tail(job.launcher()));
            job.stderr().forEach((rank, err) -> {
                if (!err.isBlank()) {
                    lines.add("rank " + rank + " stderr: " + tail(err));
                }
            });
        }
        lines.add("report directory: " + reportDir + " (each rank's output in ranks/)");
        return String.join("\n", lines);
    }

    private static String tail(String text) {
        String t = text.strip();
        return t.length() <= OUTPUT_TAIL ? t : "..." + t.substring(t.length() - OUTPUT_TAIL);
    }

    /** Each rank's output, for the test's report: {@code [rank N] line}. */
    static String ranksOutput(Map<Integer, String> byRank) {
        StringBuilder text = new StringBuilder();
        byRank.forEach((rank, out) -> out.lines().forEach(line -> text.append("[rank ").append(rank).append("] ")
                .append(line).append('\n')));
        return text.toString();
    }
}
