package org.mpiguard.dist;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/** The unpacked distribution's bin/mpiguard, run as a user would, in a fresh working directory. */
final class Installation {

    static final Path HOME = Path.of(System.getProperty("mpiguard.distribution"));
    static final Path MPI_JAR = Path.of(System.getProperty("mpiguard.mpiJar"));
    static final Path PROGRAMS = Path.of(System.getProperty("mpiguard.programClasses"));
    static final Path PROGRAM_SOURCES = Path.of(System.getProperty("mpiguard.programSources"));
    static final Path ARTIFACTS = Path.of(System.getProperty("mpiguard.artifacts"));

    record Result(int exitCode, String stdout, String stderr, Path workDir) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    private Installation() {
    }

    /** The class path of a test program, as a job line gives it to java. */
    static String programClassPath() {
        return MPI_JAR + ":" + PROGRAMS.toAbsolutePath();
    }

    static Result mpiguard(List<String> args) throws IOException, InterruptedException {
        return mpiguard(Files.createTempDirectory("mpiguard-dist"), args, 180);
    }

    /** {@code bin/mpiguard ARGS} in {@code work} (where an earlier command left its files), killed after a while. */
    static Result mpiguard(Path work, List<String> args, int timeoutSeconds) throws IOException, InterruptedException {
        return mpiguard(work, args, timeoutSeconds, java.util.Map.of());
    }

    /** The same with {@code env} added to the command's environment. */
    static Result mpiguard(Path work, List<String> args, int timeoutSeconds, java.util.Map<String, String> env)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(HOME.resolve("bin/mpiguard").toString());
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile())
                .redirectOutput(work.resolve("out.txt").toFile()).redirectError(work.resolve("err.txt").toFile());
        pb.environment().remove("MPIGUARD_OPTIONS");
        pb.environment().remove("MPIGUARD_JAVA_OPTS");
        pb.environment().putAll(env);
        Process process = pb.start();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        return new Result(process.isAlive() ? -1 : process.exitValue(),
                new String(Files.readAllBytes(work.resolve("out.txt")), StandardCharsets.UTF_8),
                new String(Files.readAllBytes(work.resolve("err.txt")), StandardCharsets.UTF_8), work);
    }

    /**
     * {@code mpiguard run} of a demo program on {@code ranks} ranks in {@code work}, each rank's JVM
     * logging where every class it loads came from, and what the JVM took from its class-data
     * archive, into {@link #classLoadLogs}.
     */
    static Result runDemoLoggingClassLoads(Path work, int ranks, String demo) throws IOException, InterruptedException {
        return mpiguard(work, List.of("run", "--include", "org.mpiguard.programs.demo.*", "mpirun",
                "--allow-run-as-root", "--oversubscribe", "-np", String.valueOf(ranks), "java",
                "-Xlog:class+load,cds:file=" + work.resolve("loaded-%p.txt"), "-cp", programClassPath(),
                "org.mpiguard.programs.demo." + demo), 180);
    }

    /** The ranks' class-loading logs {@link #runDemoLoggingClassLoads} left. */
    static List<Path> classLoadLogs(Path work) throws IOException {
        try (var files = Files.list(work)) {
            return files.filter(p -> p.getFileName().toString().startsWith("loaded-")).toList();
        }
    }

    /** A finding's {@code site} as {@code File.java:12}. */
    static String at(JsonNode site) {
        return site.get("file").asText() + ":" + site.get("line").asInt();
    }

    /** A finding's related calls as {@code rank:File.java:12}. */
    static Set<String> related(JsonNode f) {
        Set<String> sides = new TreeSet<>();
        f.get("related").forEach(r -> sides.add(r.get("rank").asInt() + ":" + at(r.get("site"))));
        return sides;
    }

    /** The line of {@code file} (under the programs' sources) that carries {@code marker}. */
    static int lineOf(String file, String marker) throws IOException {
        List<String> lines = Files.readAllLines(PROGRAM_SOURCES.resolve(file));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(marker)) {
                return i + 1;
            }
        }
        throw new AssertionError(marker + " not in " + file);
    }
}
