package org.mpiguard.analyzer;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.FindingSink;

/**
 * Rank 0's analysis at the end of a run, inside the program's JVM after MPI.Finalize: the
 * same analyses as {@code mpiguard analyze}, without its command line (no picocli in the
 * agent). Resource leaks and request lifecycle are left to the online checks, which report
 * them on every rank at run time; {@code mpiguard analyze DIR} keeps them. Says nothing
 * when it finds nothing, so a correct program's output is the same with traces on.
 */
public final class RunAnalysis {

    /** The families the online checks report while the program runs. */
    static final Set<FindingKind> ONLINE = Set.of(FindingKind.RESOURCE_LEAK, FindingKind.REQUEST_LIFECYCLE);

    private RunAnalysis() {
    }

    /**
     * Analyses the traces in {@code dir} if every rank's is there and whole (a directory
     * rank 0 shares with the others); else says so in one line. Findings go to {@code out}
     * and to {@code dir/findings-analysis.jsonl}.
     */
    public static void atEndOfRun(Path dir, PrintStream out) {
        try {
            TraceSet traces = TraceSet.read(dir);
            int size = traces.worldSize();
            for (int r = 0; r < size; r++) {
                if (!traces.whole(r)) {
                    out.println("[MPIGuard] the traces in " + dir + " are not all complete here (rank " + r
                            + "'s is missing, cut or short of events); run mpiguard analyze on the directory"
                            + " that holds every rank's trace");
                    return;
                }
            }
            if (size == 0) {
                return;
            }
            Analysis.Result result = Analysis.run(traces);
            Path file = dir.resolve("findings-analysis.jsonl");
            Files.deleteIfExists(file);
            FindingSink sink = new FindingSink(file, out);
            int reported = 0;
            for (Finding f : result.findings()) {
                if (!ONLINE.contains(f.kind())) {
                    sink.report(f);
                    reported++;
                }
            }
            RaceLog.write(dir.resolve("message-races.jsonl"), traces, result.races());
            if (reported == 0) {
                return; // a clean run stays as quiet as without traces
            }
            out.println("[MPIGuard] end-of-run analysis of " + result.events() + " traced events of " + size
                    + " ranks in " + result.millis() + " ms: " + reported + " finding" + (reported == 1 ? "" : "s")
                    + " (in " + file + "; mpiguard analyze " + dir + " repeats it)");
        } catch (IOException | RuntimeException e) {
            out.println("[MPIGuard] the end-of-run analysis of " + dir + " failed (" + e
                    + "); mpiguard analyze " + dir + " may say more");
        }
    }
}
