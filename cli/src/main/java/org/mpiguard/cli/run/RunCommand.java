package org.mpiguard.cli.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.mpiguard.cli.CliException;
import org.mpiguard.cli.CommandExitCodes;
import org.mpiguard.cli.Mpiguard;
import org.mpiguard.cli.report.FindingsDirectory;
import org.mpiguard.cli.report.ConsoleSummary;
import org.mpiguard.cli.report.ReportWriter;
import org.mpiguard.cli.report.RunInfo;
import org.mpiguard.cli.report.SourceFinder;
import org.mpiguard.core.options.Options;
import org.mpiguard.core.options.OptionsException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "run", mixinStandardHelpOptions = true, modelTransformer = AgentFlags.class,
        usageHelpWidth = 110,
        description = {"Runs an MPI job with the MPIGuard agent in every rank, then writes the merged report"
                + " (mpiguard-report.json, .html, .sarif, wait-for graphs as .dot) in the report directory and"
                + " prints a summary.",
            "",
            "  mpiguard run [OPTIONS] [mpirun options] -- java [java options] Main args",
            "  mpiguard run [OPTIONS] mpirun|mpiexec|mpiexec.hydra|srun|prun [its options] java [java options] Main args",
            "  mpiguard run [OPTIONS] [srun ...] job.sh [args]     (a job script or wrapper that calls java itself)",
            "",
            "mpiguard's options come first; the first word it does not know starts the job. The agent goes"
                + " among the java options, after the class path; the launcher's own options are kept as they are."
                + " A job whose line has no java word gets the agent through JAVA_TOOL_OPTIONS, which every JVM"
                + " it starts reads. The agent's options are flags of the same names."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            " 0:the program exited with 0 and MPIGuard found no error",
            "86:MPIGuard found at least one error (--keep-exit-status: the program's status instead)",
            "64:bad options of mpiguard or of the agent",
            "127:the launcher, java or the agent jar was not found",
            "other:the program's own exit status, when MPIGuard found no error"})
public final class RunCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--keep-exit-status",
            description = "exit with the program's status even when MPIGuard found an error")
    private boolean keepExitStatus;

    @Option(names = "--agent-jar", paramLabel = "JAR",
            description = "the agent jar (default: lib/mpiguard-agent.jar of this installation)")
    private Path agentJar;

    @Option(names = "--source-path", paramLabel = "PATHS",
            description = "source roots separated by ':' for the report's code excerpts; default: the usual"
                    + " Maven and Gradle layouts under the working directory")
    private String sourcePath;

    @Option(names = "--deep", description = "the deep check instead: mpiguard check with the same words (its"
            + " --budget among them)")
    private boolean deep;

    /** Whether ranks may start from a class-data archive of the agent (ArchivedStart). */
    public enum Switch { on, off }

    @Option(names = "--class-archive", paramLabel = "on|off", defaultValue = "on",
            description = "on (default): an Open MPI job's ranks start from a class-data archive of the agent, made"
                    + " once per JDK in the cache directory (MPIGUARD_CACHE, default ~/.cache/mpiguard), started as"
                    + " 'env java' with what mpirun adds to java done here; off: the java command as written")
    private Switch classArchive;

    @Option(names = "--dry-run", description = "print the command that would start the job (shell-quoted, after"
            + " making the class-data archive it names) and exit without starting it")
    private boolean dryRun;

    @Parameters(arity = "1..*", paramLabel = "JOB", description = "the job, in either form above")
    private List<String> job;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (deep) {
            return deepCheck();
        }
        JobLine line = JobLine.parse(job);
        String agentOptions = agentOptions(line.existingAgentOptions());
        Path reportDir = reportDir(agentOptions);
        Executables.requireJob(line);
        Path jar = AgentJar.locate(agentJar);
        PrintWriter err = spec.commandLine().getErr();
        List<String> command = classArchive == Switch.on
                ? ArchivedStart.here(err).command(line, jar, agentOptions, System.getenv())
                : line.withAgent(jar, agentOptions);
        Map<String, String> environment = line.environment(jar, agentOptions, System.getenv());
        if (dryRun) {
            PrintWriter out = spec.commandLine().getOut();
            out.println(ShellWords.line(environment, command));
            out.flush();
            return CommandExitCodes.OK;
        }
        clearEarlierFindings(reportDir, err);
        environment.forEach((name, value) -> err.println("[mpiguard] " + name + "=" + value));
        err.println("[mpiguard] " + String.join(" ", command));
        err.flush();
        int status = start(command, environment);
        ReportWriter.Written written = ReportWriter.write(reportDir, reportDir,
                SourceFinder.of(Path.of("."), sourcePath), new RunInfo(command, status));
        PrintWriter out = spec.commandLine().getOut();
        ConsoleSummary.print(written, out);
        boolean errors = written.report().errors() > 0;
        int exit = errors && !keepExitStatus ? CommandExitCodes.ERROR_FINDINGS : status;
        out.println("mpiguard: the job exited with " + status + (errors && !keepExitStatus
                ? "; exit " + CommandExitCodes.ERROR_FINDINGS + " because MPIGuard found an error"
                + " (--keep-exit-status keeps the job's)" : ""));
        out.flush();
        return exit;
    }

    /** {@code run --deep WORDS} is {@code check WORDS}: the words as given, {@code --deep} left out. */
    private int deepCheck() {
        List<String> given = spec.commandLine().getParseResult().originalArgs();
        List<String> words = new ArrayList<>(List.of("check"));
        words.addAll(given.subList(given.indexOf("run") + 1, given.size()));
        words.remove("--deep");
        CommandLine check = Mpiguard.commandLine();
        check.setOut(spec.commandLine().getOut());
        check.setErr(spec.commandLine().getErr());
        return check.execute(words.toArray(String[]::new));
    }

    /**
     * The agent argument string: the options of an agent the line already carried, then the
     * flags (later wins, as in the agent). The report directory is always given, absolute, so
     * this command finds what the ranks write.
     */
    private String agentOptions(String existing) {
        List<String> pairs = AgentFlags.options(existing, spec);
        String report = "mpiguard-report";
        for (String pair : pairs) {
            if (pair.startsWith(Options.REPORT + "=")) {
                report = pair.substring(Options.REPORT.length() + 1);
            }
        }
        pairs.removeIf(p -> p.startsWith(Options.REPORT + "="));
        pairs.add(Options.REPORT + "=" + Path.of(report).toAbsolutePath().normalize());
        return String.join(",", pairs);
    }

    /** Checks the options as the agent will, before any rank starts; MPIGUARD_OPTIONS counts too. */
    private static Path reportDir(String agentOptions) {
        try {
            return Options.parse(agentOptions, System.getenv(Options.ENV_VARIABLE), new Properties()).reportDir()
                    .toAbsolutePath();
        } catch (OptionsException e) {
            throw new CliException(e.getMessage().replaceFirst("^MPIGuard: ", ""), CommandExitCodes.USAGE);
        }
    }

    /** A report must be of this run only: findings files left by an earlier one are removed first. */
    private static void clearEarlierFindings(Path reportDir, PrintWriter err) throws IOException {
        var earlier = FindingsDirectory.files(reportDir);
        for (Path file : earlier.values()) {
            Files.deleteIfExists(file);
        }
        Files.deleteIfExists(reportDir.resolve(FindingsDirectory.EXPLORE_FILE)); // explored an earlier run
        Files.deleteIfExists(reportDir.resolve(FindingsDirectory.ANALYSIS_FILE)); // an earlier run's traces
        if (!earlier.isEmpty()) {
            err.println("[mpiguard] removed " + earlier.size() + " findings file(s) of an earlier run from " + reportDir);
        }
    }

    private static int start(List<String> command, Map<String, String> environment) throws InterruptedException {
        Process process;
        try {
            ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
            builder.environment().putAll(environment);
            process = builder.start();
        } catch (IOException e) {
            throw new CliException("cannot start " + command.get(0) + ": " + e.getMessage(), CommandExitCodes.NOT_FOUND);
        }
        // a Ctrl-C or kill of mpiguard ends the job too, rather than leaving ranks behind
        Thread stop = new Thread(process::destroy, "mpiguard-stop-job");
        Runtime.getRuntime().addShutdownHook(stop);
        int status = process.waitFor();
        Runtime.getRuntime().removeShutdownHook(stop);
        return status;
    }
}
