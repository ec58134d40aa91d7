package org.mpiguard.analyzer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Predicate;
import org.mpiguard.core.options.Options;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingSink;

/**
 * Rank 0's analysis at the end of a run, inside the program's JVM after MPI.Finalize: the
 * same analyses as {@code mpiguard analyze}, without its command line (no picocli in the
 * agent). What the online checks of this run own (docs/finding-ownership.md: leaks, requests'
 * lifecycle, truncations) is not reported again; a lost message only gets one line naming the
 * sender's call, which only the traces know, and is written so that the report merges it into
 * the receiving rank's finding by its key. Says nothing when it finds nothing, so a correct
 * program's output is the same with traces on.
 */
public final class RunAnalysis {

    private RunAnalysis() {
    }

    /** {@link #atEndOfRun(Path, PrintStream, Predicate, long)} with every online check on and the default bound. */
    public static void atEndOfRun(Path dir, PrintStream out) {
        atEndOfRun(dir, out, OnlineOwner.ALL_ON, Options.defaults().traceAnalysisMaxEvents());
    }

    /**
     * Whether {@code events} are few enough for every one of {@code ranks} ranks to analyse its
     * share at Finalize ({@link FinalizeSpread}): at most {@code maxEvents} each.
     */
    public static boolean spreadFits(long events, long maxEvents, int ranks) {
        return EndOfRunBound.eachShareFits(events, maxEvents, ranks);
    }

    /**
     * Why rank 0 cannot take in the traces of {@code dir} alone ({@link EndOfRunBound}) while
     * each of the job's {@code ranks} ranks can take in its share: then every rank analyses
     * its own at Finalize ({@link FinalizeSpread}). Null when rank 0 analyses them alone after
     * Finalize, or when even the shares are too large (rank 0 then says so and leaves them to
     * {@code mpiguard analyze}).
     */
    public static String spreadAtFinalizeBecause(Path dir, long maxEvents, int ranks) {
        try {
            String tooLarge = EndOfRunBound.refusal(dir, maxEvents);
            return tooLarge != null && EndOfRunBound.spreadRefusal(dir, maxEvents, ranks) == null ? tooLarge : null;
        } catch (IOException | RuntimeException e) {
            return null; // rank 0 then tries alone, and says why it cannot
        }
    }

    /**
     * Rank 0 at Finalize, for traces too large for it alone ({@code tooLarge} says why): the
     * analysis spread over every rank ({@link FinalizeSpread#coordinate}), reported as
     * {@link #atEndOfRun} reports; if the spread fails, one line leaves the traces to
     * {@code mpiguard analyze}. {@code headers}: every rank's shipped header when each rank
     * reads only its own trace (traces on each node's own disk), else null.
     */
    public static void spreadAtFinalize(Path dir, int ranks, FinalizeSpread.Channel channel, PrintStream out,
                                        Predicate<Finding> ownedOnline, String tooLarge, byte[][] headers) {
        try {
            report(dir, out, ownedOnline, FinalizeSpread.coordinate(dir, ranks, channel, headers),
                    " (spread over the " + ranks + " ranks: " + tooLarge + ")", headers == null ? "mpiguard analyze "
                    + dir + " repeats it" : "mpiguard analyze repeats it on every node's " + dir + " put into one");
        } catch (IOException | RuntimeException e) {
            out.println("[MPIGuard] " + tooLarge + ", and the analysis spread over the ranks failed (" + e
                    + "); the end-of-run analysis left them to mpiguard analyze " + dir);
        }
    }

    /** Findings to {@code out} and {@code dir/findings-analysis.jsonl}, races beside them; nothing said when none. */
    private static void report(Path dir, PrintStream out, Predicate<Finding> ownedOnline,
                               StreamingAnalysis.Streamed streamed, String how) throws IOException {
        report(dir, out, ownedOnline, streamed, how, "mpiguard analyze " + dir + " repeats it");
    }

    /** The same, {@code repeat} saying how to run the analysis again. */
    private static void report(Path dir, PrintStream out, Predicate<Finding> ownedOnline,
                               StreamingAnalysis.Streamed streamed, String how, String repeat) throws IOException {
        TraceSet traces = streamed.traces();
        Analysis.Result result = streamed.result();
        Path file = dir.resolve("findings-analysis.jsonl");
        Files.deleteIfExists(file);
        FindingSink sink = new FindingSink(file, new PrintStream(OutputStream.nullOutputStream()));
        int reported = OnlineOwner.report(result.findings(), sink, out, ownedOnline).printed();
        RaceLog.write(dir.resolve("message-races.jsonl"), traces, result.races());
        if (reported == 0) {
            return; // a clean run stays as quiet as without traces
        }
        out.println("[MPIGuard] end-of-run analysis of " + result.events() + " traced events of "
                + traces.worldSize() + " ranks in " + result.millis() + " ms" + how + ": " + reported + " finding"
                + (reported == 1 ? "" : "s") + " (in " + file + "; " + repeat + ")");
    }

    /**
     * Analyses the traces in {@code dir} if every rank's is there and whole (a directory
     * rank 0 shares with the others) and they fit in what rank 0 takes in
     * ({@link EndOfRunBound}: {@code maxEvents}, and the heap); else says so in one line.
     * Findings go to {@code out} and {@code dir/findings-analysis.jsonl}, those
     * {@code ownedOnline} as {@link OnlineOwner} says.
     */
    public static void atEndOfRun(Path dir, PrintStream out, Predicate<Finding> ownedOnline, long maxEvents) {
        try {
            String tooLarge = EndOfRunBound.refusal(dir, maxEvents);
            if (tooLarge != null) {
                String spread = EndOfRunBound.spreadRefusal(dir, maxEvents, TraceSet.files(dir).size());
                out.println("[MPIGuard] " + (spread != null ? spread : tooLarge)
                        + "; the end-of-run analysis left them to mpiguard analyze " + dir);
                return;
            }
            TraceSet traces = StreamingAnalysis.headers(dir);
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
            report(dir, out, ownedOnline, StreamingAnalysis.analyseSafely(dir), "");
        } catch (IOException | RuntimeException e) {
            out.println("[MPIGuard] the end-of-run analysis of " + dir + " failed (" + e
                    + "); mpiguard analyze " + dir + " may say more");
        }
    }
}
