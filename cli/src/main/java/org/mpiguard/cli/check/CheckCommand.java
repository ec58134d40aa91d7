package org.mpiguard.cli.check;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.mpiguard.analyzer.AnalyzeCommand;
import org.mpiguard.cli.CliException;
import org.mpiguard.cli.CommandExitCodes;
import org.mpiguard.cli.Mpiguard;
import org.mpiguard.cli.explore.ExploreReport;
import org.mpiguard.cli.report.ReportWriter;
import org.mpiguard.cli.report.SourceFinder;
import org.mpiguard.cli.run.AgentJar;
import org.mpiguard.cli.run.Executables;
import org.mpiguard.cli.run.JobLine;
import org.mpiguard.core.options.Options;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code mpiguard check}: the deep check in one command. It runs the job traced under the
 * agent (the online checks), analyses the traces with predicted deadlocks, then replays (with
 * explore's machinery) each unconfirmed prediction with its witness's matches forced and
 * standard sends synchronous (an error when the replay deadlocks), and the racing receives
 * with other matches forced (races and the deadlocks they lead to confirmed), all within a
 * time budget, and writes one report holding every step's findings.
 */
@Command(name = "check", mixinStandardHelpOptions = true, usageHelpWidth = 110,
        modelTransformer = CheckCommand.PassThrough.class,
        description = {"The deep check in one command: the job traced under the agent (online checks), the analysis of"
                + " its traces with predicted deadlocks, and replays that confirm message races and the deadlocks"
                + " they lead to, within a time budget; one report holds every step's findings, each saying which"
                + " step found it.",
            "",
            "  mpiguard check [--budget 10m] [--np N] [--max-replays N] [OPTIONS] [mpirun options] -- java ... Main args",
            "  mpiguard check [--budget 10m] [OPTIONS] mpirun [mpirun options] java [java options] Main args",
            "",
            "OPTIONS are those of mpiguard run (the agent's flags, --agent-jar, --source-path); the job is given as"
                + " to mpiguard run. --budget (default 10m) bounds the whole check: the run is ended when it uses"
                + " all of it, and the replays get what the run and the analysis left."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            " 0:no step found an error and the traced run ended with status 0",
            "86:a step found an error (online, in the traces, predicted or confirmed by a replay)",
            " N:no step found an error; the traced run (the job or its launcher) ended with status N",
            "64:bad options",
            "127:the launcher, java or the agent jar was not found"})
public final class CheckCommand implements Callable<Integer> {

    private static final int NO_TRACE = org.mpiguard.core.ExitCodes.NO_READABLE_TRACE;

    @Spec
    private CommandSpec spec;

    /** Every word after check's name is its own to read (CheckArgs): the job's options pass through. */
    static final class PassThrough implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            spec.parser().unmatchedOptionsArePositionalParams(true).stopAtPositional(true);
            return spec;
        }
    }

    @Parameters(arity = "1..*", paramLabel = "ARGS", description = "check's options, mpiguard's options, the job")
    private List<String> words;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        CheckArgs args = CheckArgs.parse(words);
        JobLine line = JobLine.parse(args.job());
        if (line.throughEnvironment()) {
            throw new CliException("check replays the job with mpirun: give the mpirun line with its java command,"
                    + " not a job script (mpiguard run takes job scripts)", CommandExitCodes.USAGE);
        }
        Executables.requireJob(line);
        AgentJar.locate(agentJarOption(args.options()));
        Path dir = Path.of(args.reportDir()).toAbsolutePath().normalize();
        long start = System.nanoTime();
        CheckSteps steps = new CheckSteps(args.budget());
        out.println("[mpiguard check] budget " + CheckSteps.format(args.budget()) + ": 1. the traced run, 2. the"
                + " analysis with predicted deadlocks, 3. replays of unconfirmed predictions and of the races in what"
                + " is left; report in " + dir);
        out.flush();

        clearTraces(dir);
        out.println("[mpiguard check] 1. the traced run");
        out.flush();
        List<String> run = new ArrayList<>(List.of("run", "--" + Options.TRACE, "on",
                "--" + Options.TRACE_ANALYSIS, "off"));
        run.addAll(args.options());
        run.addAll(args.job());
        java.util.concurrent.atomic.AtomicBoolean stopped = new java.util.concurrent.atomic.AtomicBoolean();
        int runStatus = withinBudget(() -> nested().execute(run.toArray(String[]::new)), args.budget(), stopped);
        steps.ran(elapsed(start));

        long analysed = System.nanoTime();
        out.println("[mpiguard check] 2. analysing the traces with predicted deadlocks");
        out.flush();
        CommandLine analyze = new CommandLine(new AnalyzeCommand());
        analyze.setExecutionExceptionHandler((e, cl, parsed) -> {
            cl.getErr().println("[MPIGuard] analyze failed: " + e);
            return NO_TRACE;
        });
        int analysis = analyze.execute(dir.toString());
        steps.analysed(elapsed(analysed), analysis);

        Duration left = args.budget().minus(elapsed(start));
        CheckSteps.Replays plan = steps.replays(left, args.maxReplays());
        long explored = System.nanoTime();
        if (analysis == NO_TRACE) {
            out.println("[mpiguard check] 3. no replays: the run left no whole traces to replay");
        } else if (plan == null) {
            out.println("[mpiguard check] 3. no replays: the budget has " + CheckSteps.format(left) + " left, less"
                    + " than two replays need (give a larger --budget)");
        } else {
            out.println("[mpiguard check] 3. replaying unconfirmed predictions and races: at most " + plan.count()
                    + " replay(s) of at most "
                    + CheckSteps.format(plan.timeout()) + " each");
            out.flush();
            List<String> explore = new ArrayList<>(List.of("explore", "--max-replays", String.valueOf(plan.count()),
                    "--replay-timeout", plan.timeout().toSeconds() + "s"));
            explore.addAll(args.exploreOptions());
            explore.add(dir.toString());
            explore.addAll(args.job());
            nested().execute(explore.toArray(String[]::new));
        }
        steps.explored(elapsed(explored));

        ReportWriter.Written written = rewriteReport(dir, args);
        CheckSummary.print(written.report(), steps, elapsed(start), runStatus, written.html(), out);
        if (written.report().errors() > 0) {
            return CommandExitCodes.ERROR_FINDINGS;
        }
        if (stopped.get()) {
            out.println("[mpiguard check] the traced run was still running when the budget of "
                    + CheckSteps.format(args.budget()) + " ran out, and was stopped: the job hung where no check"
                    + " explains it, or needs a larger --budget; it ends with status " + runStatus);
            out.flush();
            return runStatus == 0 ? 1 : runStatus;
        }
        if (runStatus != 0) {
            // as mpiguard run: no error found, so the job's own status, never a success it did not have
            out.println("[mpiguard check] the traced run ended with status " + runStatus + " (the job's own, or its"
                    + " launcher's: see its output above); the check ends with it");
            out.flush();
            return runStatus;
        }
        return CommandExitCodes.OK;
    }

    /** The command as main runs it, printing where this one prints. */
    private CommandLine nested() {
        CommandLine line = Mpiguard.commandLine();
        line.setOut(spec.commandLine().getOut());
        line.setErr(spec.commandLine().getErr());
        return line;
    }

    /**
     * Runs {@code step}, ending the job it started (this JVM's child processes) when the budget
     * is used up (said in {@code stopped}): mpiguard run then writes the report of what the ranks
     * found by then.
     */
    private static int withinBudget(Callable<Integer> step, Duration budget,
                                    java.util.concurrent.atomic.AtomicBoolean stopped) {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "mpiguard-check-budget");
            t.setDaemon(true);
            return t;
        });
        timer.schedule(() -> {
            stopped.set(true);
            ProcessHandle.current().children().forEach(child -> {
                child.destroy();
                child.descendants().forEach(ProcessHandle::destroyForcibly);
            });
        }, budget.toMillis(), TimeUnit.MILLISECONDS);
        try {
            return step.call();
        } catch (Exception e) {
            throw new CliException("the traced run failed: " + e.getMessage(), CommandExitCodes.INTERNAL);
        } finally {
            timer.shutdownNow();
        }
    }

    /** The run's report again, now with the analysis's and the replays' findings, keeping the run it describes. */
    private static ReportWriter.Written rewriteReport(Path dir, CheckArgs args) throws IOException {
        Path json = dir.resolve(ReportWriter.JSON_FILE);
        var run = Files.isRegularFile(json)
                ? ExploreReport.runOf(new ObjectMapper().readTree(json.toFile())) : null;
        String sourcePath = null;
        for (int i = 0; i + 1 < args.options().size(); i++) {
            if (args.options().get(i).equals("--source-path")) {
                sourcePath = args.options().get(i + 1);
            }
        }
        return ReportWriter.write(dir, dir, SourceFinder.of(Path.of("."), sourcePath), run);
    }

    /** Traces of an earlier run (perhaps of more ranks) would be analysed with this one's. */
    private static void clearTraces(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (var files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.getFileName().toString().matches("trace-rank-?\\d+\\.mpgt")).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static Path agentJarOption(List<String> options) {
        int i = options.indexOf("--agent-jar");
        return i >= 0 && i + 1 < options.size() ? Path.of(options.get(i + 1)) : null;
    }

    private static Duration elapsed(long since) {
        return Duration.ofNanos(System.nanoTime() - since);
    }
}
