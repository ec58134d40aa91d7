package org.mpiguard.bench.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The macro kernels again with one rank per core, plain against the agent in alternation.
 * The main pass runs more ranks than cores (4 on this project's 2), where the agent's
 * compilation and checker threads take cores from ranks that wait for each other; this pass
 * tells what the checker costs when every rank has its core, and the targets judge both.
 */
final class PerCorePass {

    private PerCorePass() {
    }

    /** Runs the pass and prints its table; returns its tallies (their failures count as the harness's). */
    static Map<String, Tally> measure(BenchHarness harness, HarnessOptions options, PrintStream out,
                                      PrintStream progress, Targets targets) throws IOException, InterruptedException {
        int ranks = Runtime.getRuntime().availableProcessors();
        Map<String, Tally> tallies = new LinkedHashMap<>();
        for (String kernel : options.kernels) {
            if (!BenchHarness.CALL_HEAVY.equals(kernel)) {
                Tally t = new Tally();
                t.ranks = ranks;
                tallies.put(kernel, t);
            }
        }
        for (String kernel : tallies.keySet()) {
            for (int pair = 1; pair <= options.pairs; pair++) {
                for (Variant v : List.of(Variant.PLAIN, Variant.AGENT)) {
                    harness.runKernels(v, List.of(kernel), "full", ranks, tallies);
                }
                progress.printf(Locale.ROOT, "[bench] %s at %d ranks (one per core) pair %d/%d%n", kernel, ranks, pair,
                        options.pairs);
            }
        }
        print(tallies, ranks, options.pairs, out, targets);
        return tallies;
    }

    private static void print(Map<String, Tally> tallies, int ranks, int pairs, PrintStream out, Targets targets) {
        out.println();
        out.printf(Locale.ROOT, "one rank per core: the macro kernels at %d ranks, plain and agent, %d pair(s) A B%n",
                ranks, pairs);
        String header = String.format(Locale.ROOT, "| %-18s | %8s | %8s | %6s | %-6s |", "kernel", "plain s", "agent s",
                "ratio", "result");
        out.println(header);
        out.println(header.replaceAll("[^|]", "-"));
        List<Double> ratios = new ArrayList<>();
        for (Map.Entry<String, Tally> e : tallies.entrySet()) {
            Tally t = e.getValue();
            double plain = t.seconds.get(Variant.PLAIN).median();
            double agent = t.seconds.get(Variant.AGENT).median();
            double ratio = agent / plain;
            if (!Double.isNaN(ratio)) {
                ratios.add(ratio);
                if (!(ratio <= targets.perCoreWorstRatio)) {
                    targets.perCoreWorstRatio = ratio;
                    targets.perCoreWorstKernel = e.getKey();
                }
            }
            out.printf(Locale.ROOT, "| %-18s | %8.3f | %8.3f | %6.3f | %-6s |%n", e.getKey(), plain, agent, ratio,
                    t.failures.isEmpty() ? "same" : "FAILED");
        }
        targets.perCoreRanks = ranks;
        targets.perCoreMedianRatio = Samples.medianOf(ratios);
        targets.perCoreKernels = ratios.size();
        out.printf(Locale.ROOT, "median ratio at one rank per core: %.3f%n", targets.perCoreMedianRatio);
    }
}
