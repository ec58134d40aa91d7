package org.mpiguard.junit;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One {@link MpiTest} as an mpirun job: {@code mpirun --oversubscribe -np N java
 * -cp AGENT:CLASSPATH -javaagent:AGENT=OPTIONS RankMain CLASS METHOD}, or its ranks started from
 * the class-data archive of the agent where it can be had ({@link ArchivedJava}), each rank's
 * output kept apart by mpirun's {@code --output-filename}, the whole job ended at its time limit.
 */
final class RankJob {

    private static final String REPORT = "report";
    private static final String STALL_TIMEOUT = "stall-timeout";
    private static final String INCLUDE = "include";

    /**
     * @param ranks    what each rank wrote: {@code stdout} and {@code stderr} by rank
     * @param failures what each failed rank's test threw, by rank
     * @param launcher mpirun's own output (its notices, and the ranks' output when it kept none apart)
     */
    record Outcome(List<String> command, int exitCode, boolean timedOut, long millis, Map<Integer, String> stdout,
                   Map<Integer, String> stderr, Map<Integer, String> failures, String launcher) {
    }

    private final MpiSetup setup;
    private final MpiTest test;
    private final Path reportDir;

    RankJob(MpiSetup setup, MpiTest test, Path reportDir) {
        this.setup = setup;
        this.test = test;
        this.reportDir = reportDir.toAbsolutePath().normalize();
    }

    List<String> command(String className, String method) {
        List<String> command = new ArrayList<>(List.of(setup.mpirun().toString()));
        if ("root".equals(System.getProperty("user.name"))) {
            command.add("--allow-run-as-root"); // containers and CI runners often test as root
        }
        command.addAll(List.of("--oversubscribe", "--output-filename", reportDir.resolve("ranks").toString(),
                "-np", String.valueOf(test.ranks())));
        // the agent's classes first: the test class path may hold older copies of MPIGuard's own
        String classPath = setup.agentJar() + File.pathSeparator + setup.classPath();
        ArchivedJava archived = setup.archived();
        if (archived != null) {
            command.addAll(archived.javaPart(setup.java(), setup.agentJar(), agentOptions(), classPath));
        } else {
            // the agent after the class path: Open MPI's launcher takes the first word holding "cp"
            // for the class path option, and a report path may hold it (JvmOptionPlacement)
            command.addAll(List.of(setup.java().toString(), "-cp", classPath,
                    "-javaagent:" + setup.agentJar() + "=" + agentOptions()));
        }
        String init = test.init() ? RankMain.initArgument(test.threadLevel()) : RankMain.NO_INIT;
        command.addAll(List.of(RankMain.class.getName(), className, method, init,
                reportDir.toString()));
        return command;
    }

    /**
     * The test's options, then what the job needs: its own report directory, a stall reported
     * before the time limit ends the job, and RankMain among the included classes (its Init).
     */
    String agentOptions() {
        List<String> pairs = new ArrayList<>();
        boolean stallGiven = false;
        for (String option : test.options()) {
            String pair = option.strip();
            if (pair.isEmpty() || pair.startsWith(REPORT + "=")) {
                continue;
            }
            if (pair.contains(",")) {
                throw new IllegalArgumentException("@MpiTest options are one key=value each, without ',': " + pair);
            }
            if (pair.startsWith(INCLUDE + "=") && pair.length() > INCLUDE.length() + 1) {
                pair = pair + ":" + RankMain.class.getName();
            }
            stallGiven |= pair.startsWith(STALL_TIMEOUT + "=");
            pairs.add(pair);
        }
        if (!stallGiven) {
            pairs.add(STALL_TIMEOUT + "=" + Math.max(1, Math.min(60, test.timeoutSeconds() / 2)) + "s");
        }
        pairs.add(REPORT + "=" + reportDir);
        return String.join(",", pairs);
    }

    Outcome run(String className, String method) throws IOException, InterruptedException {
        clear();
        Files.createDirectories(reportDir);
        List<String> command = command(className, method);
        Path out = reportDir.resolve("mpirun.out");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
        long start = System.nanoTime();
        Process process = builder.start();
        boolean finished = process.waitFor(test.timeoutSeconds(), TimeUnit.SECONDS);
        if (!finished) {
            end(process);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        Map<Integer, String> failures = new TreeMap<>();
        for (int rank = 0; rank < test.ranks(); rank++) {
            Path failure = reportDir.resolve(String.format(RankMain.FAILURE_FILE, rank));
            if (Files.exists(failure)) {
                failures.put(rank, text(failure));
            }
        }
        return new Outcome(command, finished ? process.exitValue() : -1, !finished, millis, ranksOutput("stdout"),
                ranksOutput("stderr"), failures, text(out));
    }

    /** mpirun first (it ends its ranks when told), then whatever of the job is left. */
    private static void end(Process process) throws InterruptedException {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        children.forEach(ProcessHandle::destroyForcibly);
        process.waitFor(5, TimeUnit.SECONDS);
    }

    /** Open MPI's layout of {@code --output-filename DIR}: {@code DIR/1/rank.N/stdout}. */
    private Map<Integer, String> ranksOutput(String stream) throws IOException {
        Map<Integer, String> byRank = new TreeMap<>();
        for (int rank = 0; rank < test.ranks(); rank++) {
            Path file = reportDir.resolve("ranks").resolve("1").resolve("rank." + rank).resolve(stream);
            if (Files.exists(file)) {
                byRank.put(rank, text(file));
            }
        }
        return byRank;
    }

    /** A test's report is of its last run only. */
    private void clear() throws IOException {
        if (!Files.isDirectory(reportDir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(reportDir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                if (!p.equals(reportDir)) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** A job's output as text: a rank that dies mid-write may leave any bytes, shown replaced, never rejected. */
    private static String text(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }
}
