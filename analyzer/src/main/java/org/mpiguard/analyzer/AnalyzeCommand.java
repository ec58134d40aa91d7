package org.mpiguard.analyzer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.mpiguard.core.ExitCodes;
import org.mpiguard.core.report.FindingSink;
import org.mpiguard.core.report.Severity;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mpiguard analyze DIR}: reads every rank's trace in DIR and runs the
 * cross-process analyses; prints the findings and writes them to
 * {@code DIR/findings-analysis.jsonl} (the contract of the per-rank findings files), but for
 * those the ranks' findings files in DIR already hold (OnlineOwner), and
 * the racing receives to {@code DIR/message-races.jsonl} and the witnesses of unconfirmed
 * predicted deadlocks to {@code DIR/predicted-witnesses.jsonl} for replay. Needs no MPI.
 */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Analyse the traces of a run (trace-rank<N>.mpgt in DIR): type mismatches between sends and "
                + "receives and in collectives, message races of wildcard receives, lost messages, leaked handles, "
                + "request lifecycle errors, and deadlocks of schedules the run did not take (predicted). Exit code "
                + "0: no error found; 1: errors found; 66: no readable trace, or more than the heap can hold.")
public final class AnalyzeCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "the report directory holding the traces")
    Path dir;

    @Option(names = "--out", paramLabel = "FILE",
            description = "where to write the findings as JSON lines (default: DIR/findings-analysis.jsonl)")
    Path out;

    /** What {@code --predict} accepts: the bufferings to predict deadlocks under, or none. */
    enum Prediction {
        zero(List.of(DeadlockPredictor.Buffering.ZERO)),
        infinite(List.of(DeadlockPredictor.Buffering.INFINITE)),
        both(List.of(DeadlockPredictor.Buffering.ZERO, DeadlockPredictor.Buffering.INFINITE)),
        off(List.of());

        final List<DeadlockPredictor.Buffering> bufferings;

        Prediction(List<DeadlockPredictor.Buffering> bufferings) {
            this.bufferings = bufferings;
        }
    }

    @Option(names = "--predict", paramLabel = "MODE", defaultValue = "zero",
            description = "predicted deadlocks of the schedules the run did not take (needs the predictor module on "
                    + "the class path): zero (default: a standard send may block until received), infinite (only "
                    + "deadlocks no buffering avoids), both, or off")
    Prediction predict;

    @Option(names = "--quiet", description = "print only the findings, not the notes and the summary")
    boolean quiet;

    @Option(names = "--np", paramLabel = "N", defaultValue = "1",
            description = "spread the analysis over N processes of this machine (or of --launcher's job), each "
                    + "replaying a block of ranks and reading only their traces (default 1: this process alone); the "
                    + "findings are the same")
    int processes;

    @Option(names = "--launcher", paramLabel = "LINE",
            description = "start the --np N processes as one job of this launcher, on the nodes it chooses (for "
                    + "example \"mpirun --hostfile hosts\"; its words split at spaces; the count is added: -np N and "
                    + "-x for Open MPI, -n N for srun): they reach this process over TCP at this machine's name, and "
                    + "the traces must be at the same path on every node")
    String launcher;

    private final PrintStream stdout;
    private final PrintStream stderr;

    public AnalyzeCommand() {
        this(System.out, System.err);
    }

    AnalyzeCommand(PrintStream stdout, PrintStream stderr) {
        this.stdout = stdout;
        this.stderr = stderr;
    }

    public static void main(String[] args) {
        CommandLine line = new CommandLine(new AnalyzeCommand());
        // an unreadable directory or a full disk is one line, never a stack trace
        line.setExecutionExceptionHandler((e, cl, parsed) -> {
            cl.getErr().println("[MPIGuard] analyze failed: " + e);
            return ExitCodes.NO_READABLE_TRACE;
        });
        System.exit(line.execute(args));
    }

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(dir)) {
            stderr.println("[MPIGuard] " + dir + " is not a directory");
            return ExitCodes.NO_READABLE_TRACE;
        }
        if (processes < 1) {
            stderr.println("[MPIGuard] --np takes a number of processes, 1 or more (got " + processes + ")");
            return ExitCodes.NO_READABLE_TRACE;
        }
        List<String> launcherWords = launcher == null ? List.of() : List.of(launcher.strip().split("\\s+"));
        if (launcher != null && (launcher.isBlank() || processes < 2)) {
            stderr.println("[MPIGuard] --launcher starts the --np N analysing processes: give it a launcher's command"
                    + " and --np 2 or more");
            return ExitCodes.NO_READABLE_TRACE;
        }
        Progress progress = Progress.onTerminal(stderr, !quiet);
        String spreadSummary = null;
        TraceSet traces;
        Analysis.Result result;
        try {
            progress.plan(1);
            progress.step("reading and analysing the traces of " + TraceSet.files(dir).size() + " ranks");
            StreamingAnalysis.Streamed streamed = null;
            if (processes > 1) {
                try {
                    SpreadJob.Outcome spread = SpreadJob.analyse(dir, processes, launcherWords);
                    streamed = spread.streamed();
                    spreadSummary = SpreadSummary.of(spread);
                } catch (IOException | RuntimeException e) {
                    // the analysis a user asked for still happens: in this process, said so
                    stderr.println("[MPIGuard] the analysis over " + processes + " processes failed (" + e
                            + "); analysing in this process instead");
                }
            }
            if (streamed == null) {
                streamed = StreamingAnalysis.analyseSafely(dir);
            }
            traces = streamed.traces();
            if (traces.worldSize() == 0) {
                progress.finish();
                traces.notes().forEach(n -> stderr.println("[MPIGuard] note: " + n));
                stderr.println("[MPIGuard] no readable trace (trace-rank<N>.mpgt) in " + dir
                        + ": run with trace=on (or trace=DIR)");
                return ExitCodes.NO_READABLE_TRACE;
            }
            result = Analysis.withPredictions(dir, streamed.result(), predict.bufferings);
        } catch (OutOfMemoryError e) {
            // streamed, the analysis holds what is in flight: some 100 KB a rank and the messages not yet received
            progress.finish();
            stderr.println("[MPIGuard] the traces in " + dir + " need more memory than this JVM's heap of "
                    + (Runtime.getRuntime().maxMemory() >> 20) + " MB: give mpiguard more, MPIGUARD_JAVA_OPTS=-Xmx16g"
                    + " (README, 'Analysing a large job')");
            return ExitCodes.NO_READABLE_TRACE;
        }
        progress.finish();
        Path findingsFile = out != null ? out : dir.resolve("findings-analysis.jsonl");
        Files.deleteIfExists(findingsFile);
        // what the ranks already reported online is not repeated (the report merges what the traces add by key)
        FindingSink sink = new FindingSink(findingsFile, new PrintStream(OutputStream.nullOutputStream()));
        int known = OnlineOwner.report(result.findings(), sink, stdout, OnlineOwner.ofKeys(OnlineKeys.of(dir))).known();
        boolean errors = result.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR);
        RaceLog.write(dir.resolve("message-races.jsonl"), traces, result.races());
        WitnessLog.write(dir.resolve(WitnessLog.FILE), result.unconfirmed());
        if (!quiet) {
            for (String note : result.notes()) {
                stdout.println("[MPIGuard] note: " + note);
            }
            stdout.println("[MPIGuard] analysed " + result.events() + " events of " + traces.worldSize()
                    + " ranks in " + result.millis() + " ms: " + result.findings().size() + " finding"
                    + (result.findings().size() == 1 ? "" : "s") + " (written to " + findingsFile + ")"
                    + (known == 0 ? "" : "; " + known + " of them the ranks reported online already, not repeated"
                    + " here (mpiguard report " + dir + " shows each bug once)"));
            if (spreadSummary != null) {
                stdout.println("[MPIGuard] " + spreadSummary);
            }
        }
        return errors ? ExitCodes.ANALYSIS_FOUND_ERRORS : 0;
    }
}
