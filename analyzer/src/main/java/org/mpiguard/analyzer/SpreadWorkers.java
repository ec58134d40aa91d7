package org.mpiguard.analyzer;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * The processes of {@code mpiguard analyze --np N} ({@link SpreadWorker}), started either here,
 * one per block, or as one job of a launcher the user names ({@code --launcher "mpirun
 * --hostfile hosts"}; {@link #processCount} adds how many), which puts them on the nodes it
 * chooses: a large trace set is then analysed in the memory of several nodes. A worker of a launcher's job takes its block from
 * its rank in the job ({@link SpreadWorker#blockOfJob}) and reaches this process over TCP at
 * this machine's name; the traces must be at the same path on every node.
 */
final class SpreadWorkers {

    /** The worker's block is its rank in the launcher's job. */
    static final String BLOCK_OF_JOB = "-";

    private final List<Process> processes = new ArrayList<>();
    private final List<String> launcher;
    private final int count;

    private SpreadWorkers(List<String> launcher, int count) {
        this.launcher = launcher;
        this.count = count;
    }

    /**
     * Starts the workers of {@code bounds} (one block each) for a coordinator on {@code port},
     * with {@code secret} in their environment only (a launcher's job passes it on).
     */
    static SpreadWorkers start(Path dir, int[] bounds, int port, String secret, List<String> launcher)
            throws IOException {
        int count = bounds.length - 1;
        SpreadWorkers workers = new SpreadWorkers(launcher, count);
        String host = launcher.isEmpty() ? InetAddress.getLoopbackAddress().getHostAddress()
                : InetAddress.getLocalHost().getHostName();
        if (launcher.isEmpty()) {
            for (int b = 0; b < count; b++) {
                workers.processes.add(workers.start(worker(dir, Integer.toString(b), count, host, port, bounds), secret));
            }
        } else {
            List<String> job = new ArrayList<>(launcher);
            job.addAll(processCount(launcher.get(0), count));
            job.addAll(worker(dir, BLOCK_OF_JOB, count, host, port, bounds));
            workers.processes.add(workers.start(job, secret));
        }
        return workers;
    }

    /**
     * How {@code launcher} is told to start {@code count} processes with the secret in their
     * environment: Slurm's {@code srun} and MPICH's Hydra ({@code mpiexec.hydra}, {@code *.mpich})
     * pass the whole environment on; Open MPI's launchers, and any other, are told to pass it
     * with {@code -x}.
     */
    static List<String> processCount(String launcher, int count) {
        String name = Path.of(launcher).getFileName().toString();
        if (name.equals("srun")) {
            return List.of("-n", Integer.toString(count));
        }
        if (name.endsWith(".hydra") || name.endsWith(".mpich")) {
            return List.of("-np", Integer.toString(count));
        }
        return List.of("-np", Integer.toString(count), "-x", SpreadWorker.SECRET);
    }

    /** This JVM's java, the heap and collector a user gave it, the workers' JIT options and class path. */
    private static List<String> worker(Path dir, String block, int count, String host, int port, int[] bounds) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(SpreadJob.WORKER_JIT);
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // never an agent or a debugger's port
            if (option.startsWith("-Xmx") || option.startsWith("-Xms") || option.startsWith("-XX:+Use")
                    || option.startsWith("-XX:TieredStopAtLevel")) {
                command.add(option);
            }
        }
        StringJoiner blocks = new StringJoiner(",");
        for (int b : bounds) {
            blocks.add(Integer.toString(b));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), SpreadJob.workerClass,
                dir.toAbsolutePath().toString(), block, Integer.toString(count), host, Integer.toString(port),
                blocks.toString()));
        return command;
    }

    private Process start(List<String> command, String secret) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put(SpreadWorker.SECRET, secret);
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.redirectError(ProcessBuilder.Redirect.INHERIT);
        try {
            return pb.start();
        } catch (IOException e) {
            throw new IOException((launcher.isEmpty() ? "cannot start an analysing process: "
                    : "cannot start the launcher " + launcher.get(0) + ": ") + e.getMessage(), e);
        }
    }

    /**
     * Fails at once, with its exit status, when a worker whose block has not {@code connected}
     * has ended, or the launcher's job ended before every worker connected.
     */
    void failIfEnded(IntPredicate connected) throws IOException {
        if (!launcher.isEmpty()) {
            Process job = processes.get(0);
            if (!job.isAlive() && !IntStream.range(0, count).allMatch(connected)) {
                throw new IOException("the launcher's job (" + launcher.get(0) + ") ended (exit " + job.exitValue()
                        + ") before its " + count + " analysing processes connected");
            }
            return;
        }
        for (int b = 0; b < processes.size(); b++) {
            Process p = processes.get(b);
            if (!connected.test(b) && !p.isAlive()) {
                throw new IOException("analysing process " + b + " ended (exit " + p.exitValue()
                        + ") before it connected");
            }
        }
    }

    /** Waits a while for every worker (or the launcher's job) to end after the results came. */
    void awaitEnd() throws InterruptedException {
        for (Process p : processes) {
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Ends whatever is still running, the launcher's job and what it started. */
    void destroy() {
        for (Process p : processes) {
            if (p.isAlive()) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
    }
}
