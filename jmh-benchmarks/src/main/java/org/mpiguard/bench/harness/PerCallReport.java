package org.mpiguard.bench.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.mpiguard.bench.MpiCallsAgentOff;
import org.mpiguard.bench.MpiCallsAgentOn;
import org.mpiguard.bench.MpiCallsThreadMultiple;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the per-call JMH suite ({@code MpiCalls}) with the agent off and on and prints each
 * call's scores and their ratio. Run from the project root:
 * {@code scripts/bench.sh --jmh [--rounds N] [--warmup N] [--iterations N] [--time S] [--calls REGEX]}.
 *
 * <p>A JVM's score depends on the fork: the same jar's plain sendRecv took 150 ns in one fork
 * and 190-220 ns in the next on this project's machine, which moved the ratio of one fork each
 * between 0.97 and 1.39 in one morning. So each round runs one fork of every variant in turn,
 * and the table gives each variant's median fork with the range of the forks, and the ratio of
 * the medians.
 */
public final class PerCallReport {

    private static final String USAGE = String.join("\n",
            "usage: scripts/bench.sh --jmh [options]",
            "  --rounds N      rounds of one fork per variant, in turn (default 3)",
            "  --warmup N      warm-up iterations per fork (default 3)",
            "  --iterations N  measured iterations per fork (default 5)",
            "  --time S        seconds per iteration (default 1)",
            "  --calls REGEX   which benchmark methods (default all): sendRecv, iSendRecvWait, iSendIRecvWaitAll,",
            "                  barrier, allReduce1, allReduce1024, putFence",
            "  agent options come from the MPIGUARD_OPTIONS environment variable");
    private static final Path AGENT_JAR = Path.of("agent/target/mpiguard-agent.jar");

    private PerCallReport() {
    }

    public static void main(String[] args) throws RunnerException {
        int rounds = 3;
        int warmup = 3;
        int iterations = 5;
        int seconds = 1;
        String calls = ".*";
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--rounds" -> rounds = number(args, ++i, "--rounds");
                    case "--warmup" -> warmup = number(args, ++i, "--warmup");
                    case "--iterations" -> iterations = number(args, ++i, "--iterations");
                    case "--time" -> seconds = number(args, ++i, "--time");
                    case "--calls" -> calls = HarnessOptions.value(args, ++i, "--calls");
                    case "--help", "-h" -> {
                        System.out.println(USAGE);
                        return;
                    }
                    default -> throw new IllegalArgumentException("unknown argument '" + args[i] + "'");
                }
            }
            if (!Files.isRegularFile(AGENT_JAR)) {
                throw new IllegalArgumentException(AGENT_JAR + " not found: run from the project root after "
                        + "mvn -DskipTests package");
            }
        } catch (IllegalArgumentException | HarnessOptions.UsageException e) {
            System.err.println("bench --jmh: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(BenchHarness.USAGE);
            return;
        }
        Map<String, Samples[]> byCall = new TreeMap<>();
        for (int round = 0; round < rounds; round++) {
            Collection<RunResult> results = runRound(calls, warmup, iterations, seconds);
            if (results == null) {
                return;
            }
            for (RunResult r : results) {
                String benchmark = r.getParams().getBenchmark();
                String call = benchmark.substring(benchmark.lastIndexOf('.') + 1);
                Samples[] forks = byCall.computeIfAbsent(call, k -> new Samples[] {new Samples(), new Samples(),
                    new Samples()});
                forks[variant(benchmark)].add(r.getPrimaryResult().getScore());
            }
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "MPI calls on COMM_SELF, one process, %d round(s) of one fork per variant in turn, "
                + "each %d x %d s measured after %d x %d s warm-up, agent options: %s%n", rounds, iterations, seconds,
                warmup, seconds, System.getenv().getOrDefault("MPIGUARD_OPTIONS", "(none: defaults)"));
        System.out.println("(ns/op: the median fork and the forks' range; ratio: of the medians; off, MULTIPLE: no agent,"
                + " MPI at THREAD_MULTIPLE)");
        System.out.printf(Locale.ROOT, "| %-18s | %22s | %22s | %6s | %22s | %15s |%n", "call", "agent off ns/op",
                "agent on ns/op", "ratio", "off, MULTIPLE", "on/off,MULTIPLE");
        System.out.println("|--------------------|------------------------|------------------------|--------|"
                + "------------------------|-----------------|");
        for (Map.Entry<String, Samples[]> e : byCall.entrySet()) {
            Samples off = e.getValue()[0];
            Samples on = e.getValue()[1];
            Samples multiple = e.getValue()[2];
            System.out.printf(Locale.ROOT, "| %-18s | %22s | %22s | %6s | %22s | %15s |%n", e.getKey(), score(off),
                    score(on), ratio(on, off), score(multiple), ratio(on, multiple));
        }
    }

    /** One fork of each variant, in the order JMH runs them (off, on, MULTIPLE); null after a usage error. */
    private static Collection<RunResult> runRound(String calls, int warmup, int iterations, int seconds)
            throws RunnerException {
        OptionsBuilder options = new OptionsBuilder();
        options.include(MpiCallsAgentOff.class.getName() + "\\.(" + calls + ")$")
                .include(MpiCallsAgentOn.class.getName() + "\\.(" + calls + ")$")
                .include(MpiCallsThreadMultiple.class.getName() + "\\.(" + calls + ")$")
                .forks(1)
                .warmupIterations(warmup).warmupTime(TimeValue.seconds(seconds))
                .measurementIterations(iterations).measurementTime(TimeValue.seconds(seconds));
        try {
            return new Runner(options.build()).run();
        } catch (org.openjdk.jmh.runner.NoBenchmarksException e) {
            System.err.println("bench --jmh: --calls '" + calls + "' names no call of MpiCalls (sendRecv, iSendRecvWait,"
                    + " iSendIRecvWaitAll, barrier, allReduce1, allReduce1024, putFence)");
            System.exit(BenchHarness.USAGE);
            return null;
        }
    }

    /** 0 agent off, 1 agent on, 2 off at THREAD_MULTIPLE. */
    static int variant(String benchmark) {
        return benchmark.contains(MpiCallsAgentOn.class.getSimpleName() + ".") ? 1
                : benchmark.contains(MpiCallsThreadMultiple.class.getSimpleName() + ".") ? 2 : 0;
    }

    static String ratio(Samples a, Samples b) {
        return Double.isNaN(a.median()) || Double.isNaN(b.median()) ? "-"
                : String.format(Locale.ROOT, "%.2f", a.median() / b.median());
    }

    static String score(Samples forks) {
        if (Double.isNaN(forks.median())) {
            return "-";
        }
        return forks.min() == forks.max() ? String.format(Locale.ROOT, "%.1f", forks.median())
                : String.format(Locale.ROOT, "%.1f (%.1f-%.1f)", forks.median(), forks.min(), forks.max());
    }

    private static int number(String[] args, int i, String option) throws HarnessOptions.UsageException {
        return HarnessOptions.positive(option, HarnessOptions.value(args, i, option), 1, Integer.MAX_VALUE);
    }
}
