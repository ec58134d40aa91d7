package org.mpiguard.cli.explore;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import org.mpiguard.analyzer.ReceiveSchedule;
import org.mpiguard.cli.CliException;
import org.mpiguard.cli.CommandExitCodes;
import org.mpiguard.cli.report.FindingsDirectory;
import org.mpiguard.cli.run.AgentFlags;
import org.mpiguard.cli.run.AgentJar;
import org.mpiguard.cli.run.RunCommand;
import org.mpiguard.cli.run.Executables;
import org.mpiguard.cli.run.JobLine;
import org.mpiguard.core.explore.ForcedMatchPlan;
import org.mpiguard.core.options.Options;
import org.mpiguard.core.options.OptionsException;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingFormat;
import org.mpiguard.core.report.FindingSink;
import org.mpiguard.core.report.Severity;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code mpiguard explore DIR JOB}: the racing wildcard receives of a traced run, each
 * replayed with another match forced (the dynamic verifiers' way, DAMPI and ISP): when a
 * replay's output, exit code or fate (a deadlock, a hang) differs from the replay of the
 * observed schedule, the race is a bug, reported as a {@code message-race} error with both
 * schedules; when none differs, a note says how many alternatives were explored. Before the
 * races, the unconfirmed predicted deadlocks the analysis left ({@link PredictedWitnesses}) are
 * replayed ({@link PredictionReplays}).
 */
@Command(name = "explore", mixinStandardHelpOptions = true, modelTransformer = AgentFlags.class,
        usageHelpWidth = 110,
        description = {"Replays a traced run's message races: each racing MPI.ANY_SOURCE receive is made to take another"
                + " sender's message, and each rank's output and the exit code are compared with a replay of the"
                + " observed schedule. A difference, a deadlock or a hang is a message-race error; otherwise a note says"
                + " the alternatives explored were equivalent. First, each unconfirmed predicted deadlock (mpiguard"
                + " analyze DIR writes their witnesses) is replayed with its witness's matches forced and standard"
                + " sends made synchronous: the agent finding the replay deadlocked makes it an error.",
            "",
            "  mpiguard explore [OPTIONS] DIR [mpirun options] -- java [java options] Main args",
            "  mpiguard explore [OPTIONS] DIR mpirun [mpirun options] java [java options] Main args",
            "",
            "DIR holds the traces of the observed run (mpiguard run --trace on, or trace=on). The job is the one"
                + " that made them. Findings go to DIR/findings-explore.jsonl (and the HTML report of DIR); each"
                + " replay's files to DIR/explore/."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            " 0:no alternative changed the outcome and no prediction was confirmed, or there was nothing to explore",
            " 1:at least one race or predicted deadlock is confirmed (an error)",
            "64:bad options",
            "65:the observed schedule could not be replayed (its replay hung or deadlocked)",
            "66:DIR does not exist or holds no whole traces",
            "127:mpirun, java or the agent jar was not found"})
public final class ExploreCommand implements Callable<Integer> {

    static final String REPLAYS_DIR = "explore";

    @Spec
    private CommandSpec spec;

    @Option(names = "--max-replays", paramLabel = "N", defaultValue = "8",
            description = "at most this many alternatives are replayed, the most promising first (default 8)")
    private int maxReplays;

    @Option(names = "--replay-timeout", paramLabel = "DURATION", defaultValue = "2m",
            converter = DurationConverter.class,
            description = "a replay still running after this long is killed and reported as a hang (default 2m)")
    private Duration replayTimeout;

    @Option(names = "--agent-jar", paramLabel = "JAR",
            description = "the agent jar (default: lib/mpiguard-agent.jar of this installation)")
    private Path agentJar;

    @Option(names = "--class-archive", paramLabel = "on|off", defaultValue = "on",
            description = "on (default): the replays' ranks start from a class-data archive of the agent, as"
                    + " mpiguard run starts them; off: the java command as written")
    private RunCommand.Switch classArchive;

    @Parameters(index = "0", paramLabel = "DIR", description = "the observed run's report directory with its traces")
    private Path dir;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "JOB", description = "the job, in either form above")
    private List<String> job;

    /** Durations as the agent's options write them: 500ms, 2s, 1m. */
    static final class DurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Duration.ofMillis(Options.parseDuration("replay-timeout", value, 1000));
            } catch (OptionsException e) {
                throw new TypeConversionException("'" + value + "' is not a duration of at least 1s such as 30s or 2m");
            }
        }
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (maxReplays < 1) {
            throw new CliException("--max-replays must be at least 1", CommandExitCodes.USAGE);
        }
        JobLine line = JobLine.parse(job);
        if (line.throughEnvironment()) {
            throw new CliException("explore replays the job with mpirun's per-rank output: give the mpirun line"
                    + " with its java command, not a job script", CommandExitCodes.USAGE);
        }
        JobReplay.refuseOwnOutputFiles(line);
        ReceiveSchedule observed = observedRun();
        List<PredictedWitnesses.Witness> witnesses = PredictedWitnesses.read(dir, observed);
        if (observed.races().isEmpty() && witnesses.isEmpty()) {
            err.println("mpiguard: nothing to explore: the traces in " + dir + " show no message race (no MPI.ANY_SOURCE"
                    + " receive that another sender's message could have matched) and no unconfirmed predicted deadlock");
            return CommandExitCodes.OK;
        }
        Executables.requireJob(line);
        JobReplay replays = new JobReplay(line, AgentJar.locate(agentJar),
                AgentFlags.options(line.existingAgentOptions(), spec), replayTimeout,
                classArchive == RunCommand.Switch.on);
        Path replayDir = dir.resolve(REPLAYS_DIR);
        deleteRecursively(replayDir);
        Files.deleteIfExists(dir.resolve(FindingsDirectory.EXPLORE_FILE));

        List<Finding> findings = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        int left = maxReplays;
        if (!witnesses.isEmpty()) {
            err.println("[mpiguard] " + witnesses.size() + " unconfirmed predicted deadlock(s): replaying their"
                    + " witnesses' matches first");
            err.flush();
            PredictionReplays.Done predicted = PredictionReplays.run(witnesses, replays, replayDir, maxReplays,
                    replayTimeout, err);
            predicted.outcomes().forEach(o -> findings.add(o.finding()));
            left -= predicted.replays();
            if (predicted.skipped() > 0) {
                notes.add(predicted.skipped() + " unconfirmed predicted deadlock(s) not replayed (--max-replays)");
            }
        }
        if (!observed.races().isEmpty()) {
            String skipped = left > 0 ? exploreRaces(observed, replays, replayDir, left, findings, notes, err)
                    : "the message races were not replayed: the predictions used every replay of --max-replays";
            if (skipped != null && findings.isEmpty()) {
                throw new CliException(skipped, CommandExitCodes.NOT_REPLAYABLE);
            }
            if (skipped != null) {
                notes.add(skipped);
            }
        }
        report(findings, notes, out);
        ExploreReport.refresh(dir, out);
        return findings.stream().anyMatch(f -> f.severity() == Severity.ERROR) ? CommandExitCodes.RACE_CONFIRMED
                : CommandExitCodes.OK;
    }

    /**
     * The races' replays: the observed schedule first, then at most {@code limit} alternatives;
     * their errors go to {@code findings}. Returns why the races could not be explored, or null.
     */
    private String exploreRaces(ReceiveSchedule observed, JobReplay replays, Path replayDir, int limit,
                                List<Finding> findings, List<String> notes, PrintWriter err)
            throws IOException, InterruptedException {
        List<Alternatives.Alternative> alternatives = Alternatives.ordered(observed.races());
        err.println("[mpiguard] " + observed.races().size() + " racing receive(s), " + alternatives.size()
                + " alternative match(es); replaying the observed schedule first");
        err.flush();
        JobReplay.Result baseline = replays.run(ForcedPlans.observed(observed), replayDir.resolve("observed"));
        String refusal = Baseline.refusal(baseline, replayTimeout);
        if (refusal != null) {
            return "the observed schedule could not be replayed: " + refusal + " (its files: " + baseline.dir()
                    + "); explore compares every alternative with it";
        }
        notes.addAll(Baseline.deviations(observed, ReceiveSchedule.receivesOf(baseline.dir())));
        List<ReplayOutcome> outcomes = replayAlternatives(alternatives, replays, observed, baseline, replayDir, limit,
                err);
        int unexplored = unexplored(alternatives, outcomes);
        outcomes.stream().filter(o -> o.verdict().harmful()).forEach(o -> findings.add(o.finding()));
        notes.addAll(ExploreNotes.of(outcomes, observed.races().size(), unexplored));
        return null;
    }

    /**
     * Replays the alternatives in order, at most {@code --max-replays}; once one shows a receive
     * location harmful, that location's other alternatives are left (they add nothing).
     */
    private List<ReplayOutcome> replayAlternatives(List<Alternatives.Alternative> alternatives, JobReplay replays,
                                                   ReceiveSchedule observed, JobReplay.Result baseline,
                                                   Path replayDir, int limit, PrintWriter err)
            throws IOException, InterruptedException {
        List<ReplayOutcome> outcomes = new ArrayList<>();
        Set<Alternatives.Location> confirmed = new HashSet<>();
        for (Alternatives.Alternative alternative : alternatives) {
            if (outcomes.size() == limit) {
                break;
            }
            if (confirmed.contains(Alternatives.Location.of(alternative.receive()))) {
                continue;
            }
            int n = outcomes.size() + 1;
            JobReplay.Result result = replays.run(ForcedPlans.alternative(observed, alternative),
                    replayDir.resolve("replay-" + n));
            ReplayOutcome outcome = ReplayOutcome.judge(alternative, observed, baseline, result,
                    ReceiveSchedule.receivesOf(result.dir()), replayTimeout);
            outcomes.add(outcome);
            err.printf("[mpiguard] replay %d: %s: %s (%.1f s)%n", n, outcome.describe(),
                    outcome.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' '), result.millis() / 1000.0);
            err.flush();
            if (outcome.verdict().harmful()) {
                confirmed.add(Alternatives.Location.of(alternative.receive()));
            }
        }
        return outcomes;
    }

    /** Alternatives neither replayed nor of a location a replay confirmed: those --max-replays left out. */
    static int unexplored(List<Alternatives.Alternative> alternatives, List<ReplayOutcome> outcomes) {
        Set<Alternatives.Location> confirmed = new HashSet<>();
        Set<Alternatives.Alternative> replayed = new HashSet<>();
        for (ReplayOutcome o : outcomes) {
            replayed.add(o.alternative());
            if (o.verdict().harmful()) {
                confirmed.add(Alternatives.Location.of(o.alternative().receive()));
            }
        }
        return (int) alternatives.stream().filter(a -> !replayed.contains(a)
                && !confirmed.contains(Alternatives.Location.of(a.receive()))).count();
    }

    /** The observed run's receives and races; a missing directory or unusable traces are said plainly. */
    private ReceiveSchedule observedRun() throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new CliException("no directory " + dir + ": give the report directory of a run made with trace=on",
                    CommandExitCodes.NO_INPUT);
        }
        ReceiveSchedule observed = ReceiveSchedule.read(dir);
        if (observed.worldSize() == 0) {
            throw new CliException("no readable trace (trace-rank<N>.mpgt) in " + dir + ": run the job with"
                    + " --trace on (mpiguard run) or trace=on (the agent)", CommandExitCodes.NO_INPUT);
        }
        if (!observed.whole()) {
            throw new CliException("the traces in " + dir + " are not whole (" + String.join("; ", observed.notes())
                    + "): a replay must know every match of the observed run", CommandExitCodes.NO_INPUT);
        }
        return observed;
    }

    private void report(List<Finding> findings, List<String> notes, PrintWriter out) {
        FindingSink file = new FindingSink(dir.resolve(FindingsDirectory.EXPLORE_FILE), new PrintStream(OutputStream.nullOutputStream()));
        for (Finding f : findings) {
            out.print(FindingFormat.text(f));
            file.report(f);
        }
        notes.forEach(n -> out.println("[MPIGuard] note: " + n));
        long errors = findings.stream().filter(f -> f.severity() == Severity.ERROR).count();
        out.println("mpiguard explore: " + errors + " confirmed by replay (" + findings.size() + " finding"
                + (findings.size() == 1 ? "" : "s") + (findings.isEmpty() ? "" : ", written to "
                + dir.resolve(FindingsDirectory.EXPLORE_FILE)) + ")");
        out.flush();
    }

    private static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (var walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
