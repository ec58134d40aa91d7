package org.mpiguard.bench.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mpiguard.bench.kernels.KernelMain;

/**
 * Runs every kernel plain and under the agent in alternation (A B A B ...), checks that
 * each run verified itself and that the agent's result equals the plain run's, and
 * prints the overhead table: median seconds of the kernels' timed regions, their ratio
 * and spread, peak RSS per rank, findings the agent reported (a correct kernel should
 * have none), then the start-up cost of a hello-world JVM with and without the agent.
 *
 * <p>Exit status: 0 when every run ran, verified and matched; 1 when one did not;
 * 2 on a bad command line.
 */
public final class BenchHarness {

    static final int FAILED = 1;
    static final int USAGE = 2;
    private static final String KERNEL_MAIN = "org.mpiguard.bench.kernels.KernelMain";
    private static final String HELLO = "org.mpiguard.bench.kernels.Hello";
    /** The call-heavy kernel: always 2 ranks, reported as a cost per call, not in the macro median. */
    static final String CALL_HEAVY = "cg-calls";
    private static final int CALL_HEAVY_RANKS = 2;
    /** The fixed cost of a job is a target at 4 ranks, whatever --ranks the kernels use. */
    private static final int FIXED_COST_RANKS = 4;
    private static final Pattern CALLS_PER_RANK = Pattern.compile("calls/rank=(\\d+)");

    private final HarnessOptions options;
    private final PrintStream out;
    private final PrintStream progress;
    private final Map<String, Tally> tallies = new LinkedHashMap<>();
    private final List<String> startupFailures = new ArrayList<>();
    private final Targets targets = new Targets();

    private BenchHarness(HarnessOptions options, PrintStream out, PrintStream progress) {
        this.options = options;
        this.out = out;
        this.progress = progress;
        for (String kernel : options.kernels) {
            Tally t = new Tally();
            t.ranks = ranksOf(kernel);
            tallies.put(kernel, t);
        }
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The whole harness; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        HarnessOptions options;
        try {
            options = HarnessOptions.parse(args);
        } catch (HarnessOptions.UsageException e) {
            err.println("bench: " + e.getMessage());
            err.println(HarnessOptions.USAGE);
            return USAGE;
        }
        if (options.help) {
            out.println(HarnessOptions.USAGE);
            return 0;
        }
        try {
            return new BenchHarness(options, out, err).measure();
        } catch (IOException e) {
            err.println("bench: could not run a job: " + e.getMessage());
            return FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("bench: interrupted");
            return FAILED;
        }
    }

    private int measure() throws IOException, InterruptedException {
        long start = System.nanoTime();
        String scale = options.smoke ? "smoke" : "full";
        if (options.smoke) {
            // one job per variant runs every kernel: start-up is paid twice, not twice per kernel
            for (int pair = 1; pair <= options.pairs; pair++) {
                for (Variant v : variants()) {
                    runKernels(v, options.kernels, scale, options.ranks, tallies);
                }
            }
        } else {
            for (String kernel : options.kernels) {
                for (int pair = 1; pair <= options.pairs; pair++) {
                    for (Variant v : variants()) {
                        runKernels(v, List.of(kernel), scale, ranksOf(kernel), tallies);
                    }
                    Tally t = tallies.get(kernel);
                    progress.printf(Locale.ROOT, "[bench] %s pair %d/%d: plain %.3f s, agent %.3f s%s%n", kernel, pair,
                            options.pairs, last(t, Variant.PLAIN), last(t, Variant.AGENT), options.traced
                                    ? String.format(Locale.ROOT, ", traced %.3f s", last(t, Variant.TRACED)) : "");
                }
            }
        }
        printTable();
        Map<String, Tally> perCore = options.perCore && !options.smoke ? PerCorePass.measure(this, options, out,
                progress, targets) : Map.of();
        if (options.startup) {
            printStartup();
            if (options.mpiguard != null) {
                ArchivedStartup.measure(options, out, progress, targets, startupFailures);
            }
        }
        if (options.jmh && !options.smoke) {
            SendRecvJmh.measure(options, out, progress, targets, startupFailures);
        } else {
            targets.sendRecvWhy = options.smoke ? "not in --smoke" : "--no-jmh";
        }
        targets.print(out);
        out.printf(Locale.ROOT, "(harness wall time %.0f s)%n", (System.nanoTime() - start) / 1e9);
        int failures = startupFailures.size();
        for (String failure : startupFailures) {
            progress.println("bench: FAILED start-up: " + failure);
        }
        for (Map<String, Tally> pass : List.of(tallies, perCore)) {
            for (Map.Entry<String, Tally> e : pass.entrySet()) {
                for (String failure : e.getValue().failures) {
                    progress.println("bench: FAILED " + e.getKey() + (pass == perCore ? " at one rank per core" : "")
                            + ": " + failure);
                    failures++;
                }
            }
        }
        return failures == 0 ? 0 : FAILED;
    }

    private List<Variant> variants() {
        return options.traced ? List.of(Variant.values()) : List.of(Variant.PLAIN, Variant.AGENT);
    }

    private static double last(Tally t, Variant v) {
        return t.seconds.get(v).last();
    }

    private int ranksOf(String kernel) {
        return CALL_HEAVY.equals(kernel) && !options.smoke ? CALL_HEAVY_RANKS : options.ranks;
    }

    /** Runs {@code kernels} in one job of {@code ranks} ranks; what each measured goes to its tally in {@code into}. */
    void runKernels(Variant variant, List<String> kernels, String scale, int ranks, Map<String, Tally> into)
            throws IOException, InterruptedException {
        Path work = Files.createTempDirectory("mpiguard-bench");
        List<String> command = mpirun(ranks);
        command.addAll(java(variant, KERNEL_MAIN, String.join(",", kernels), scale));
        Job job = Job.run(command, work, options.timeoutSeconds);
        KernelLines lines = new KernelLines(job.stdout());
        long findings = variant == Variant.AGENT ? countFindings(work) : 0; // the traced run's are the same checks
        boolean oneKernel = kernels.size() == 1; // a job's traces are a kernel's only when it ran that one alone
        TraceFootprint.Footprint trace = variant == Variant.TRACED && oneKernel ? TraceFootprint.of(work) : TraceFootprint.Footprint.NONE;
        for (String kernel : kernels) {
            Tally t = into.get(kernel);
            t.findings += findings;
            KernelLines.Result r = lines.results.get(kernel);
            String what = variant.name().toLowerCase(Locale.ROOT) + " run";
            if (r == null) {
                t.failures.add(what + (job.timedOut() ? " timed out after " + options.timeoutSeconds + " s"
                        : " exited with " + job.exitCode() + " before reporting") + ":\n" + job.tail());
                continue;
            }
            if (lines.intercepted != null && lines.intercepted != (variant != Variant.PLAIN)) {
                t.failures.add(what + (variant != Variant.PLAIN ? " was not intercepted by the agent: it measured "
                        + "nothing of the checker" : " was intercepted although it ran without the agent"));
                continue;
            }
            if (!r.verified()) {
                t.failures.add(what + " did not verify: " + r.detail());
                continue;
            }
            if (t.referenceChecksum == null) {
                t.referenceChecksum = r.checksum();
            } else if (!t.referenceChecksum.equals(r.checksum())) {
                t.failures.add(what + " result " + r.checksum() + " differs from the first plain run's "
                        + t.referenceChecksum);
                continue;
            }
            t.seconds.get(variant).add(r.seconds());
            if (trace.events() > 0) {
                t.trace = trace;
            }
            t.detail = r.detail();
            if (lines.maxPeakKib > 0) {
                t.peakMib.get(variant).add(lines.maxPeakKib / 1024.0);
            }
        }
        if (job.exitCode() != 0 && !job.timedOut()) {
            for (String kernel : kernels) {
                Tally t = into.get(kernel);
                if (t.failures.isEmpty()) {
                    t.failures.add(variant.name().toLowerCase(Locale.ROOT) + " job exited with " + job.exitCode()
                            + ":\n" + job.tail());
                }
            }
        }
        deleteTree(work);
    }

    private void printTable() {
        out.println();
        out.printf(Locale.ROOT, "MPIGuard overhead, %s, %d rank(s) (mpirun --oversubscribe; cg-calls at 2), %d pair(s) A B, %s sizes, "
                        + "agent options: %s%n", ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern(
                        "yyyy-MM-dd HH:mm 'UTC'")), options.ranks, options.pairs, options.smoke ? "smoke" : "full",
                (options.agentOptions.isEmpty() ? "(none: defaults)" : options.agentOptions)
                        + (options.plainThreadMultiple ? "; plain runs at MPI.THREAD_MULTIPLE" : ""));
        out.printf(Locale.ROOT, "machine: %d CPU(s), Java %s%n%n", Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"));
        String header = String.format(Locale.ROOT, "| %-18s | %5s | %8s | %8s | %6s | %-15s | %-15s | %10s | %10s | %8s | %-6s |",
                "kernel", "ranks", "plain s", "agent s", "ratio", "plain min-max", "agent min-max", "RSS plain",
                "RSS agent", "findings", "result") + (options.traced ? String.format(Locale.ROOT,
                " %8s | %6s | %-15s | %10s |", "traced s", "ratio", "traced min-max", "RSS traced") : "");
        out.println(header);
        out.println(header.replaceAll("[^|]", "-"));
        List<Double> ratios = new ArrayList<>();
        List<Double> tracedRatios = new ArrayList<>();
        double worstRss = Double.NEGATIVE_INFINITY;
        String worstRssKernel = "-";
        for (Map.Entry<String, Tally> e : tallies.entrySet()) {
            Tally t = e.getValue();
            Samples plain = t.seconds.get(Variant.PLAIN);
            Samples agent = t.seconds.get(Variant.AGENT);
            double ratio = agent.median() / plain.median();
            Samples traced = t.seconds.get(Variant.TRACED);
            if (CALL_HEAVY.equals(e.getKey())) {
                callHeavy(plain, agent, traced, t);
            } else if (!Double.isNaN(ratio)) {
                ratios.add(ratio);
                if (!(ratio <= targets.worstRatio)) {
                    targets.worstRatio = ratio;
                    targets.worstKernel = e.getKey();
                }
                if (options.traced && !Double.isNaN(traced.median())) {
                    tracedRatios.add(traced.median() / plain.median());
                    targets.traced(e.getKey(), traced.median() / plain.median(), t.trace);
                }
            }
            double rssAbove = t.peakMib.get(Variant.AGENT).median() - t.peakMib.get(Variant.PLAIN).median();
            if (rssAbove > worstRss) {
                worstRss = rssAbove;
                worstRssKernel = e.getKey();
            }
            out.printf(Locale.ROOT, "| %-18s | %5d | %8.3f | %8.3f | %6.3f | %-15s | %-15s | %6.0f MiB | %6.0f MiB | %8d | %-6s |%s%n",
                    e.getKey(), t.ranks, plain.median(), agent.median(), ratio, range(plain), range(agent),
                    t.peakMib.get(Variant.PLAIN).median(), t.peakMib.get(Variant.AGENT).median(), t.findings,
                    t.failures.isEmpty() ? "same" : "FAILED", options.traced ? String.format(Locale.ROOT,
                            " %8.3f | %6.3f | %-15s | %6.0f MiB |", traced.median(), traced.median() / plain.median(),
                            range(traced), t.peakMib.get(Variant.TRACED).median()) : "");
        }
        out.println();
        for (String kernel : tallies.keySet()) {
            out.printf(Locale.ROOT, "  %-18s %s%n", kernel, org.mpiguard.bench.kernels.Kernels.summary(kernel));
        }
        out.println();
        double geo = 0;
        for (double r : ratios) {
            geo += Math.log(r);
        }
        targets.medianRatio = Samples.medianOf(ratios);
        targets.macroKernels = ratios.size();
        targets.macroRanks = options.ranks;
        out.printf(Locale.ROOT, "median ratio across the macro kernels (all but %s): %.3f, geometric mean %.3f%n",
                CALL_HEAVY, Samples.medianOf(ratios), ratios.isEmpty() ? Double.NaN : Math.exp(geo / ratios.size()));
        if (options.traced) {
            targets.tracedMedianRatio = Samples.medianOf(tracedRatios);
            out.printf(Locale.ROOT, "with trace=on: median ratio across the macro kernels %.3f; %s%n",
                    Samples.medianOf(tracedRatios), Double.isNaN(targets.tracedNanosPerCall) ? "cg-calls not run"
                            : String.format(Locale.ROOT, "cg-calls %.0f ns per call, %+.0f ns beside the agent's "
                            + "without traces", targets.tracedNanosPerCall,
                            targets.tracedNanosPerCall - targets.nanosPerCall));
        }
        out.printf(Locale.ROOT, "peak RSS per rank above the plain run: at most %s (%s) (target: 64 MiB or less)%n",
                Double.isInfinite(worstRss) ? "n/a" : String.format(Locale.ROOT, "%+.0f MiB", worstRss), worstRssKernel);
        out.println("ratio = median agent s / median plain s of the kernel's timed region (between barriers after Init "
                + "and before Finalize); RSS = peak resident set (VmHWM) of the largest rank, median over runs; "
                + "same = every run verified itself and every result equals the first plain run's");
        if (options.smoke) {
            out.println("smoke: one job runs every kernel, so each row's RSS and findings are the whole job's");
        }
    }

    /** The agent's extra time per MPI call of the call-heavy kernel, from the calls it says it made. */
    private void callHeavy(Samples plain, Samples agent, Samples traced, Tally t) {
        Matcher m = CALLS_PER_RANK.matcher(t.detail);
        if (m.find() && !Double.isNaN(plain.median()) && !Double.isNaN(agent.median())) {
            targets.callsPerRank = Long.parseLong(m.group(1));
            targets.callHeavyRanks = t.ranks;
            targets.nanosPerCall = (agent.median() - plain.median()) * 1e9 / targets.callsPerRank;
            targets.tracedNanosPerCall = (traced.median() - plain.median()) * 1e9 / targets.callsPerRank;
        }
    }

    private static String range(Samples s) {
        return String.format(Locale.ROOT, "%.3f-%.3f", s.min(), s.max());
    }

    private void printStartup() throws IOException, InterruptedException {
        Map<Variant, Samples> single = Map.of(Variant.PLAIN, new Samples(), Variant.AGENT, new Samples());
        Map<Variant, Samples> job = Map.of(Variant.PLAIN, new Samples(), Variant.AGENT, new Samples());
        List<String> failures = new ArrayList<>();
        for (int pair = 1; pair <= options.pairs; pair++) {
            // the fixed cost is the default agent's: a traced hello would only add its files
            for (Variant v : new Variant[] {Variant.PLAIN, Variant.AGENT}) {
                timeHello(v, new ArrayList<>(), single.get(v), failures);
                timeHello(v, mpirun(FIXED_COST_RANKS), job.get(v), failures);
            }
        }
        out.println();
        out.printf(Locale.ROOT, "start-up, hello world (MPI.Init + Finalize), median wall seconds over %d pair(s):%n",
                options.pairs);
        out.printf(Locale.ROOT, "  one JVM, singleton MPI:   plain %.3f s, agent %.3f s, cost %+.3f s per JVM%n",
                single.get(Variant.PLAIN).median(), single.get(Variant.AGENT).median(),
                single.get(Variant.AGENT).median() - single.get(Variant.PLAIN).median());
        out.printf(Locale.ROOT, "  mpirun -np %d:              plain %.3f s, agent %.3f s, cost %+.3f s per job%n",
                FIXED_COST_RANKS, job.get(Variant.PLAIN).median(), job.get(Variant.AGENT).median(),
                job.get(Variant.AGENT).median() - job.get(Variant.PLAIN).median());
        targets.fixedCostRanks = FIXED_COST_RANKS;
        targets.fixedCostSeconds = job.get(Variant.AGENT).median() - job.get(Variant.PLAIN).median();
        startupFailures.addAll(failures);
    }

    private void timeHello(Variant v, List<String> launcher, Samples into, List<String> failures)
            throws IOException, InterruptedException {
        Path work = Files.createTempDirectory("mpiguard-bench");
        List<String> command = new ArrayList<>(launcher);
        command.addAll(java(v, HELLO));
        Job job = Job.run(command, work, options.timeoutSeconds);
        if (job.exitCode() == 0 && job.stdout().contains("hello from")) {
            into.add(job.wallSeconds());
        } else {
            failures.add("hello world (" + v.name().toLowerCase(Locale.ROOT) + ") exited with " + job.exitCode()
                    + ":\n" + job.tail());
        }
        deleteTree(work);
    }

    static List<String> mpirun(int ranks) {
        List<String> command = new ArrayList<>(List.of("mpirun"));
        if ("root".equals(System.getProperty("user.name"))) {
            command.add("--allow-run-as-root");
        }
        command.addAll(List.of("--oversubscribe", "-np", String.valueOf(ranks)));
        return command;
    }

    private List<String> java(Variant variant, String mainClass, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", options.mpiJar + ":" + options.classes)); // before the agent: JvmOptionPlacement
        if (variant != Variant.PLAIN) {
            String agentOptions = variant == Variant.AGENT ? options.agentOptions
                    : options.agentOptions.isEmpty() ? "trace=on" : options.agentOptions + ",trace=on";
            String agent = "-javaagent:" + options.agentJar;
            command.add(agentOptions.isEmpty() ? agent : agent + "=" + agentOptions);
        } else if (options.plainThreadMultiple) {
            command.add("-D" + KernelMain.THREAD_MULTIPLE_PROPERTY + "=true");
        }
        command.add(mainClass);
        command.addAll(List.of(args));
        return command;
    }

    /** Findings the agent wrote into the job's report directory (the default one, in the job's directory). */
    private static long countFindings(Path work) throws IOException {
        Path report = work.resolve("mpiguard-report");
        if (!Files.isDirectory(report)) {
            return 0;
        }
        long count = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(report, "findings-rank*.jsonl")) {
            for (Path f : files) {
                count += Files.readAllLines(f).stream().filter(l -> !l.isBlank()).count();
            }
        }
        return count;
    }

    static void deleteTree(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
