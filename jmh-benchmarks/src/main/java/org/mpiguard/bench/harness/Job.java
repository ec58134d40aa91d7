package org.mpiguard.bench.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One process run to completion with its output kept in files, timed by the wall clock. */
record Job(int exitCode, boolean timedOut, double wallSeconds, String stdout, String stderr) {

    static Job run(List<String> command, Path workDir, int timeoutSeconds) throws IOException, InterruptedException {
        Path out = workDir.resolve("stdout");
        Path err = workDir.resolve("stderr");
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        long start = System.nanoTime();
        Process process = pb.start();
        boolean finished = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        double wall = (System.nanoTime() - start) / 1e9;
        if (!finished) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        return new Job(finished ? process.exitValue() : -1, !finished, wall, text(out), text(err));
    }

    /** A process's output file as text, any malformed byte replaced (a job killed mid-write can leave one). */
    static String text(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    /** The last lines of both streams, for a failure message. */
    String tail() {
        String all = stdout + stderr;
        String[] lines = all.split("\n");
        StringBuilder b = new StringBuilder();
        for (int i = Math.max(0, lines.length - 15); i < lines.length; i++) {
            b.append("    | ").append(lines[i]).append('\n');
        }
        return b.toString();
    }
}
