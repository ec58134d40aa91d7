package org.mpiguard.analyzer;

import java.util.Locale;

/** One line on what each process of a spread analysis cost: its CPU, the JIT's part of it, peak memory, and the rounds it took. */
final class SpreadSummary {

    private SpreadSummary() {
    }

    static String of(SpreadJob.Outcome o) {
        StringBuilder cpu = new StringBuilder();
        double total = 0;
        double max = 0;
        for (double c : o.cpuSeconds()) {
            cpu.append(cpu.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.2f", c));
            total += Math.max(0, c);
            max = Math.max(max, c);
        }
        long rss = 0;
        for (long r : o.peakRssMb()) {
            rss = Math.max(rss, r);
        }
        String line = String.format(Locale.ROOT, "spread over %d processes: CPU s per process %s (total %.2f, largest %.2f); "
                + "peak RSS of the largest %d MB", o.cpuSeconds().length, cpu, total, max, rss);
        double[] compiling = o.compileSeconds().clone();
        java.util.Arrays.sort(compiling);
        if (compiling.length > 0 && compiling[0] >= 0) {
            line += String.format(Locale.ROOT, "; compiling (the JIT's threads) %.2f s a process, median",
                    compiling[compiling.length / 2]);
        }
        return line + String.format(Locale.ROOT, "; %d rounds, %d requests left out (blocks with nothing new)",
                o.rounds(), o.skipped());
    }
}
