package org.mpiguard.cli.explore;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.mpiguard.cli.CliException;
import org.mpiguard.cli.CommandExitCodes;
import org.mpiguard.cli.report.FindingsDirectory;
import org.mpiguard.cli.report.ReportFinding;
import org.mpiguard.cli.run.ArchivedStart;
import org.mpiguard.cli.run.JobLine;
import org.mpiguard.core.explore.ForcedMatchPlan;
import org.mpiguard.core.options.Options;

/**
 * Runs the job once with some matches forced, in a directory of its own: the agent with
 * the user's options plus a report, a trace and the forced matches in that directory;
 * mpirun keeps each rank's standard output apart ({@code --output-filename}). A replay
 * that outlives its time limit is killed with every process it started: an alternative
 * that hangs where the agent cannot tell (its checks off, a rank spinning) still ends.
 */
final class JobReplay {

    /** What one replay left: the job's exit code (-1 when killed), each rank's stdout, the agent's findings. */
    record Result(Path dir, int exitCode, boolean timedOut, long millis, Map<Integer, String> stdout,
                  List<ReportFinding> findings) {

        /** The agent's deadlock finding, if the replay deadlocked. */
        ReportFinding deadlock() {
            return findings.stream().filter(f -> f.kind().equals("deadlock") && f.isError()).findFirst().orElse(null);
        }
    }

    static final String PLAN_FILE = "forced-matches.txt";
    private static final Pattern RANK_DIR = Pattern.compile("rank\\.(\\d+)");
    /** Keys explore sets itself in every replay; the user's values for them are replaced. */
    private static final List<String> OWN_KEYS = List.of(Options.REPORT, Options.TRACE, Options.TRACE_ANALYSIS,
            Options.FORCE_MATCHES, Options.SYNC_SENDS);

    private final JobLine job;
    private final Path agentJar;
    private final List<String> agentOptions;
    private final Duration timeout;
    /** Null when the replays start as the line is written ({@code --class-archive off}). */
    private final ArchivedStart start;

    /**
     * @param agentOptions the user's agent options as {@code key=value} pairs, later ones winning
     * @param archived     whether the replays' ranks start from the class-data archive, as run's do
     */
    JobReplay(JobLine job, Path agentJar, List<String> agentOptions, Duration timeout, boolean archived) {
        this.job = job;
        this.agentJar = agentJar;
        this.agentOptions = agentOptions.stream().filter(p -> !OWN_KEYS.contains(p.substring(0, p.indexOf('='))))
                .toList();
        this.timeout = timeout;
        this.start = archived ? ArchivedStart.here(new PrintWriter(System.err, true)) : null;
    }

    /** A job that names its own output files: the replays need mpirun's per-rank files for themselves. */
    static void refuseOwnOutputFiles(JobLine job) {
        for (String arg : job.launcherArgs()) {
            if (arg.startsWith("--output-filename") || arg.startsWith("-output-filename")) {
                throw new CliException("remove " + arg + " from the job: explore keeps each rank's output itself",
                        CommandExitCodes.USAGE);
            }
        }
    }

    /** The command of a replay in {@code dir} (made absolute: the ranks may start elsewhere). */
    List<String> command(Path dir) {
        return command(dir, false);
    }

    private List<String> command(Path dir, boolean syncSends) {
        Path d = dir.toAbsolutePath().normalize();
        List<String> pairs = new ArrayList<>(agentOptions);
        pairs.addAll(ownPairs(d, syncSends));
        List<String> launcherArgs = new ArrayList<>(List.of("--output-filename", d.resolve("ranks").toString()));
        launcherArgs.addAll(job.launcherArgs());
        JobLine replay = new JobLine(job.launcher(), launcherArgs, job.java(), job.javaArgs());
        // from the class-data archive mpiguard run made for this job's first run, when it could
        return start == null ? replay.withAgent(agentJar, String.join(",", pairs))
                : start.command(replay, agentJar, String.join(",", pairs), System.getenv());
    }

    Result run(ForcedMatchPlan plan, Path dir) throws IOException, InterruptedException {
        return run(plan, dir, false);
    }

    /** As {@link #run(ForcedMatchPlan, Path)}; with {@code syncSends} standard sends are synchronous (zero buffering). */
    Result run(ForcedMatchPlan plan, Path dir, boolean syncSends) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        plan.write(dir.resolve(PLAN_FILE));
        List<String> command = command(dir, syncSends);
        Files.writeString(dir.resolve("command.txt"), String.join(" ", command) + "\n", StandardCharsets.UTF_8);
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(dir.resolve("mpirun.out").toFile())
                .redirectError(dir.resolve("mpirun.err").toFile());
        // the environment's options win over the agent argument: explore's own keys must win over both
        String env = builder.environment().get(Options.ENV_VARIABLE);
        if (env != null && !env.isBlank()) {
            builder.environment().put(Options.ENV_VARIABLE, env + "," + String.join(",", ownPairs(dir, syncSends)));
        }
        long start = System.nanoTime();
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new CliException("cannot start " + command.get(0) + ": " + e.getMessage(), CommandExitCodes.NOT_FOUND);
        }
        Thread stop = new Thread(() -> kill(process), "mpiguard-stop-replay");
        Runtime.getRuntime().addShutdownHook(stop);
        boolean finished;
        try {
            finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!finished) {
                kill(process);
            }
        } finally {
            Runtime.getRuntime().removeShutdownHook(stop);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new Result(dir, finished ? process.exitValue() : -1, !finished, millis, stdoutByRank(dir.resolve("ranks")),
                FindingsDirectory.read(dir).findings());
    }

    private static List<String> ownPairs(Path dir, boolean syncSends) {
        Path d = dir.toAbsolutePath().normalize();
        return List.of(Options.REPORT + "=" + d, Options.TRACE + "=" + d, Options.TRACE_ANALYSIS + "=off",
                Options.FORCE_MATCHES + "=" + d.resolve(PLAN_FILE), Options.SYNC_SENDS + "=" + (syncSends ? "on" : "off"));
    }

    /** mpirun first (it ends its ranks when told), then whatever is left of the job. */
    private static void kill(Process process) {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        children.forEach(ProcessHandle::destroyForcibly);
    }

    /** mpirun's {@code --output-filename} layout: {@code DIR/1/rank.N/stdout}. */
    static Map<Integer, String> stdoutByRank(Path ranks) throws IOException {
        Map<Integer, String> byRank = new TreeMap<>();
        if (!Files.isDirectory(ranks)) {
            return byRank;
        }
        try (Stream<Path> files = Files.walk(ranks, 3)) {
            for (Path file : files.filter(p -> p.getFileName().toString().equals("stdout")).toList()) {
                Matcher m = RANK_DIR.matcher(file.getParent().getFileName().toString());
                if (m.matches()) {
                    byRank.put(Integer.parseInt(m.group(1)), new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
                }
            }
        }
        return byRank;
    }
}
