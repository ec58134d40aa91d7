package org.mpiguard.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a test program under real mpirun, with or without the packaged agent. */
final class MpiRun {

    static final Path AGENT_JAR = Path.of(System.getProperty("mpiguard.agentJar", "../agent/target/mpiguard-agent.jar"));
    static final Path MPI_JAR = Path.of(System.getProperty("mpiguard.mpiJar"));
    static final Path CLASSES = Path.of(System.getProperty("mpiguard.programClasses", "target/classes"));
    static final Path CLASSES_NO_DEBUG = Path.of(System.getProperty("mpiguard.programClassesNoDebug",
            "target/classes-nodebug"));
    static final String JDK17_JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    static final String JDK25_JAVA = "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java";

    /**
     * @param stdout   everything on mpirun's stdout (all ranks, interleaved)
     * @param stderr   everything on mpirun's stderr (all ranks and mpirun's own notices)
     * @param rankDir  mpirun's per-rank copies: {@code 1/rank.N/stdout} and {@code stderr}
     */
    record Result(int exitCode, String stdout, String stderr, Path reportDir, Duration elapsed, boolean timedOut,
                  Path rankDir, String hangDump) {

        /** Rank {@code rank}'s own report directory in a run of {@link MpiRun#reportPerRank} (rank 0's is {@link #reportDir}). */
        Path nodeReportDir(int rank) {
            return rank == 0 ? reportDir : reportDir.resolveSibling("node" + rank);
        }

        /** What rank {@code rank} wrote to {@code stream} ("stdout" or "stderr"), exactly. */
        String ofRank(int rank, String stream) throws IOException {
            Path file = rankDir.resolve("1").resolve("rank." + rank).resolve(stream);
            return Files.exists(file) ? text(file) : "";
        }

        /**
         * When each rank said it blocks (the "blocking at MILLIS" lines the hang programs
         * print to stderr), in the order printed.
         */
        java.util.List<Long> blockedAt() {
            java.util.List<Long> at = new java.util.ArrayList<>();
            for (String line : stderr.split("\n")) {
                if (line.startsWith("blocking at ")) {
                    at.add(Long.parseLong(line.substring("blocking at ".length()).trim()));
                }
            }
            return at;
        }

        @Override
        public String toString() {
            return "exit " + exitCode + (timedOut ? " (timed out)" : "") + " after " + elapsed.toMillis() + " ms\n--- stdout\n"
                    + stdout + "--- stderr\n" + stderr + (hangDump.isEmpty() ? "" : "--- threads of the timed-out job\n" + hangDump);
        }
    }

    private int ranks = 2;
    private String java = JDK17_JAVA;
    private String agentArgs;
    private boolean agent;
    private boolean reportPerRank;
    private final List<Path> reportHolds = new ArrayList<>();
    private Path classes = CLASSES;
    private Duration timeout = Duration.ofSeconds(60);
    private final Map<String, String> env = new LinkedHashMap<>();
    private final List<String> jvmArgs = new ArrayList<>();
    private final List<String> programArgs = new ArrayList<>();
    private final String mainClass;

    private MpiRun(String mainClass) {
        this.mainClass = mainClass;
    }

    static MpiRun program(String mainClass) {
        return new MpiRun("org.mpiguard.programs." + mainClass);
    }

    MpiRun ranks(int n) {
        ranks = n;
        return this;
    }

    MpiRun java(String javaBinary) {
        java = javaBinary;
        return this;
    }

    /** Runs under the agent; {@code args} is the agent argument string (may be empty). */
    MpiRun withAgent(String args) {
        agent = true;
        agentArgs = args;
        return this;
    }

    MpiRun withoutDebugInfo() {
        classes = CLASSES_NO_DEBUG;
        return this;
    }

    MpiRun env(String name, String value) {
        env.put(name, value);
        return this;
    }

    MpiRun jvmArg(String arg) {
        jvmArgs.add(arg);
        return this;
    }

    MpiRun programArg(String arg) {
        programArgs.add(arg);
        return this;
    }

    /**
     * Each rank reports (and traces) into a directory of its own, as on nodes whose report
     * directory is on their own disk: rank 0's is the result's report directory, rank r's
     * {@code node<r>} beside it ({@link Result#nodeReportDir}).
     */
    MpiRun reportPerRank() {
        reportPerRank = true;
        return this;
    }

    /** The report directory holds a copy of {@code file} when the job starts (what an earlier run left there). */
    MpiRun reportHolding(Path file) {
        reportHolds.add(file);
        return this;
    }

    MpiRun timeout(Duration d) {
        timeout = d;
        return this;
    }

    Result run() throws IOException, InterruptedException {
        return run(false);
    }

    /** Runs without mpirun: one JVM, as a singleton MPI process. */
    Result runSingleton() throws IOException, InterruptedException {
        return run(true);
    }

    private Result run(boolean singleton) throws IOException, InterruptedException {
        Path work = Files.createTempDirectory("mpiguard-it");
        Path report = work.resolve("report");
        if (!reportHolds.isEmpty()) {
            Files.createDirectories(report);
            for (Path held : reportHolds) {
                Files.copy(held, report.resolve(held.getFileName()));
            }
        }
        List<String> cmd = new ArrayList<>();
        if (!singleton) {
            cmd.addAll(List.of("mpirun", "--allow-run-as-root", "--oversubscribe", "--output-filename",
                    work.resolve("ranks").toString()));
            for (String name : env.keySet()) {
                cmd.addAll(List.of("-x", name));
            }
        }
        if (singleton || !reportPerRank) {
            if (!singleton) {
                cmd.addAll(List.of("-np", String.valueOf(ranks)));
            }
            cmd.addAll(rankCommand(report));
        } else {
            // one application context per rank, each with its own report directory: nodes with their own disks
            for (int r = 0; r < ranks; r++) {
                cmd.addAll(r == 0 ? List.of("-np", "1") : List.of(":", "-np", "1"));
                cmd.addAll(rankCommand(r == 0 ? report : work.resolve("node" + r)));
            }
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile());
        pb.environment().putAll(env);
        Path out = work.resolve("stdout");
        Path err = work.resolve("stderr");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        long start = System.nanoTime();
        Process process = pb.start();
        boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        String hangDump = "";
        if (!finished) {
            hangDump = HangDump.of(process);
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        return new Result(finished ? process.exitValue() : -1, text(out), text(err), report, elapsed, !finished, work.resolve("ranks"), hangDump);
    }

    /** The java command of a rank that reports into {@code report}. */
    private List<String> rankCommand(Path report) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        // the class path first: Open MPI's launcher takes the first word holding "cp" for it
        cmd.addAll(List.of("-cp", MPI_JAR + ":" + classes.toAbsolutePath()));
        if (agent) {
            String args = agentArgs == null || agentArgs.isEmpty() ? "report=" + report : agentArgs + ",report=" + report;
            if (agentArgs != null && agentArgs.contains("report=")) {
                args = agentArgs;
            }
            cmd.add("-javaagent:" + AGENT_JAR.toAbsolutePath() + "=" + args);
        }
        cmd.addAll(jvmArgs);
        cmd.add(mainClass);
        cmd.addAll(programArgs);
        return cmd;
    }

    /** A job's output as text: a rank that dies mid-write may leave any bytes, shown replaced, never rejected. */
    static String text(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }
}
