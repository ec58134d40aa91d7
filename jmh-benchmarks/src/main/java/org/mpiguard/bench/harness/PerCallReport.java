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
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the per-call JMH suite ({@code MpiCalls}) with the agent off and on in one JMH
 * run and prints each call's two scores and their ratio. Run from the project root:
 * {@code scripts/bench.sh --jmh [--warmup N] [--iterations N] [--time S] [--calls REGEX]}.
 */
public final class PerCallReport {

    private static final String USAGE = String.join("\n",
            "usage: scripts/bench.sh --jmh [options]",
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
        int warmup = 3;
        int iterations = 5;
        int seconds = 1;
        String calls = ".*";
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
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
        OptionsBuilder options = new OptionsBuilder();
        options.include(MpiCallsAgentOff.class.getName() + "\\.(" + calls + ")$")
                .include(MpiCallsAgentOn.class.getName() + "\\.(" + calls + ")$")
                .include(MpiCallsThreadMultiple.class.getName() + "\\.(" + calls + ")$")
                .warmupIterations(warmup).warmupTime(TimeValue.seconds(seconds))
                .measurementIterations(iterations).measurementTime(TimeValue.seconds(seconds));
        Collection<RunResult> results;
        try {
            results = new Runner(options.build()).run();
        } catch (org.openjdk.jmh.runner.NoBenchmarksException e) {
            System.err.println("bench --jmh: --calls '" + calls + "' names no call of MpiCalls (sendRecv, iSendRecvWait,"
                    + " iSendIRecvWaitAll, barrier, allReduce1, allReduce1024, putFence)");
            System.exit(BenchHarness.USAGE);
            return;
        }

        Map<String, Result<?>[]> byCall = new TreeMap<>();
        for (RunResult r : results) {
            String benchmark = r.getParams().getBenchmark();
            String call = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            int slot = benchmark.contains(MpiCallsAgentOn.class.getSimpleName() + ".") ? 1
                    : benchmark.contains(MpiCallsThreadMultiple.class.getSimpleName() + ".") ? 2 : 0;
            byCall.computeIfAbsent(call, k -> new Result<?>[3])[slot] = r.getPrimaryResult();
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "MPI calls on COMM_SELF, one process, %d x %d s measured after %d x %d s warm-up, "
                + "agent options: %s%n", iterations, seconds, warmup, seconds,
                System.getenv().getOrDefault("MPIGUARD_OPTIONS", "(none: defaults)"));
        System.out.println("(off, MULTIPLE: no agent, MPI at THREAD_MULTIPLE as the agent runs it; the last ratio is"
                + " the checker's own share)");
        System.out.printf(Locale.ROOT, "| %-18s | %18s | %18s | %6s | %18s | %15s |%n", "call", "agent off ns/op",
                "agent on ns/op", "ratio", "off, MULTIPLE", "on/off,MULTIPLE");
        System.out.println("|--------------------|--------------------|--------------------|--------|--------------------|-----------------|");
        for (Map.Entry<String, Result<?>[]> e : byCall.entrySet()) {
            Result<?> off = e.getValue()[0];
            Result<?> on = e.getValue()[1];
            Result<?> multiple = e.getValue()[2];
            System.out.printf(Locale.ROOT, "| %-18s | %18s | %18s | %6s | %18s | %15s |%n", e.getKey(), score(off),
                    score(on), ratio(on, off), score(multiple), ratio(on, multiple));
        }
    }

    private static String ratio(Result<?> a, Result<?> b) {
        return a == null || b == null ? "-" : String.format(Locale.ROOT, "%.2f", a.getScore() / b.getScore());
    }

    private static String score(Result<?> r) {
        if (r == null) {
            return "-";
        }
        double error = r.getScoreError();
        return Double.isNaN(error) ? String.format(Locale.ROOT, "%.1f", r.getScore())
                : String.format(Locale.ROOT, "%.1f ± %.1f", r.getScore(), error);
    }

    private static int number(String[] args, int i, String option) throws HarnessOptions.UsageException {
        return HarnessOptions.positive(option, HarnessOptions.value(args, i, option), 1, Integer.MAX_VALUE);
    }
}
