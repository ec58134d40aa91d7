package org.mpiguard.bench.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The fixed cost of a 4-rank hello world when {@code mpiguard run} starts the ranks: from the
 * class-data archive of the agent it makes once per JDK, as {@code env java} with what mpirun
 * adds to a java command done by the command (the line its {@code --dry-run} prints, run by a
 * shell). Beside it, in the same interleaved rounds, the plain job and the whole {@code mpiguard
 * run} command (its own JVM before and after the job, and the report it writes), which is what
 * a user of the command waits for.
 */
final class ArchivedStartup {

    private static final String HELLO = "org.mpiguard.bench.kernels.Hello";
    private static final int RANKS = 4;

    private ArchivedStartup() {
    }

    static void measure(HarnessOptions options, PrintStream out, PrintStream progress, Targets targets,
            List<String> failures) throws IOException, InterruptedException {
        Path work = Files.createTempDirectory("mpiguard-bench");
        try {
            List<String> job = new ArrayList<>(BenchHarness.mpirun(RANKS));
            job.addAll(List.of("java", "-cp", options.mpiJar + ":" + options.classes, HELLO));
            List<String> dryRun = new ArrayList<>(List.of(options.mpiguard.toString(), "run", "--report",
                    work.resolve("report").toString(), "--dry-run"));
            dryRun.addAll(job);
            Job line = Job.run(dryRun, work, options.timeoutSeconds);
            if (line.exitCode() != 0 || !line.stdout().contains("SharedArchiveFile")) {
                failures.add("mpiguard run --dry-run gave no archived start (exit " + line.exitCode() + "):\n" + line.tail());
                return;
            }
            List<String> archived = List.of("sh", "-c", line.stdout().strip());
            List<String> whole = new ArrayList<>(dryRun);
            whole.remove("--dry-run");
            Samples plain = new Samples();
            Samples start = new Samples();
            Samples command = new Samples();
            for (int pair = 1; pair <= options.pairs; pair++) {
                time(job, work, plain, options, failures);
                time(archived, work, start, options, failures);
                time(whole, work, command, options, failures);
                progress.printf(Locale.ROOT, "[bench] archived start pair %d/%d: plain %.3f s, ranks %.3f s, "
                        + "mpiguard run %.3f s%n", pair, options.pairs, plain.last(), start.last(), command.last());
            }
            out.printf(Locale.ROOT, "  mpirun -np %d, ranks as mpiguard run starts them (class-data archive): plain %.3f s,"
                    + " agent %.3f s, cost %+.3f s per job%n", RANKS, plain.median(), start.median(),
                    start.median() - plain.median());
            out.printf(Locale.ROOT, "  mpiguard run of that job, the whole command (its JVM, the job, the report): %.3f s,"
                    + " %+.3f s over the plain job%n", command.median(), command.median() - plain.median());
            targets.archivedFixedCostSeconds = start.median() - plain.median();
            targets.runCommandSeconds = command.median() - plain.median();
        } finally {
            BenchHarness.deleteTree(work);
        }
    }

    private static void time(List<String> command, Path work, Samples into, HarnessOptions options,
            List<String> failures) throws IOException, InterruptedException {
        Job job = Job.run(command, work, options.timeoutSeconds);
        if (job.exitCode() == 0 && job.stdout().contains("hello from")) {
            into.add(job.wallSeconds());
        } else {
            failures.add("hello world (" + command.get(0) + ") exited with " + job.exitCode() + ":\n" + job.tail());
        }
    }
}
