package org.mpiguard.bench.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The JMH sendRecv benchmark on COMM_SELF, agent off and on, in a child JVM: the targets' per-call ratio. */
final class SendRecvJmh {

    static final Pattern SENDRECV_ROW = Pattern.compile(
            "^\\|\\s*sendRecv\\s*\\|[^|]*\\|[^|]*\\|\\s*([0-9.]+)\\s*\\|", Pattern.MULTILINE);

    private SendRecvJmh() {
    }

    /** The JMH sendRecv benchmark on COMM_SELF, agent off and on, in a child JVM (as bench.sh --jmh runs it). */
    static void measure(HarnessOptions options, PrintStream out, PrintStream progress, Targets targets,
                        List<String> startupFailures) throws IOException, InterruptedException {
        if (options.benchJar == null) {
            targets.sendRecvWhy = "no --bench-jar";
            return;
        }
        progress.println("[bench] JMH sendRecv on COMM_SELF, agent off and on");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", options.benchJar + ":" + options.mpiJar, PerCallReport.class.getName(),
                "--calls", "sendRecv"));
        Path work = Files.createTempDirectory("mpiguard-bench");
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(work.resolve("stdout").toFile())
                .redirectError(work.resolve("stderr").toFile());
        // as bench.sh --jmh: the ucx one-sided component, and SIGSEGV left to the JVM
        pb.environment().put("OMPI_MCA_osc", "ucx");
        pb.environment().put("UCX_ERROR_SIGNALS", "");
        Process p = pb.start();
        boolean done = p.waitFor(options.timeoutSeconds, java.util.concurrent.TimeUnit.SECONDS);
        if (!done) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        String stdout = Job.text(work.resolve("stdout"));
        Matcher m = SENDRECV_ROW.matcher(stdout);
        if (done && p.exitValue() == 0 && m.find()) {
            targets.sendRecvRatio = Double.parseDouble(m.group(1));
            out.println();
            for (String line : stdout.split("\n")) {
                if (line.startsWith("| ") || line.startsWith("|-") || line.startsWith("MPI calls on COMM_SELF")
                        || line.startsWith("(ns/op")) {
                    out.println(line);
                }
            }
        } else {
            targets.sendRecvWhy = done ? "JMH run exited with " + p.exitValue() : "JMH run timed out";
            startupFailures.add("JMH sendRecv: " + targets.sendRecvWhy + "\n" + Job.text(work.resolve("stderr")));
        }
        BenchHarness.deleteTree(work);
    }
}
