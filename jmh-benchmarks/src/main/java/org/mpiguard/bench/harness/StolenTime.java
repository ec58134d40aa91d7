package org.mpiguard.bench.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How much of this machine's CPU time the hypervisor gave to other guests while the bench
 * ran: the {@code steal} column of {@code /proc/stat}'s {@code cpu} line, as a share of all
 * the time it counts. On a virtual machine whose host is busy, the ranks' cores are taken
 * away at random, and plain kernels moved by half from one run to the next (docs/overhead.md,
 * stops 58 and 59): the targets block prints the share, so a reader can tell a loud run's
 * figures from a quiet one's. Unknown (NaN) where there is no {@code /proc/stat}.
 */
final class StolenTime {

    private static final Path PROC_STAT = Path.of("/proc/stat");
    /** The {@code cpu} line's columns, counted after its name: user nice system idle iowait irq softirq steal. */
    private static final int STEAL = 7;

    private final long[] start;

    private StolenTime(long[] start) {
        this.start = start;
    }

    /** From now on. */
    static StolenTime fromNow() {
        return new StolenTime(read());
    }

    /** The share of the CPU time since {@link #fromNow} that was stolen, 0 to 1; NaN when unknown. */
    double share() {
        return share(start, read());
    }

    /** Between two readings ({@code total, steal}); NaN when either is unknown or no time passed. */
    static double share(long[] before, long[] after) {
        if (before == null || after == null || after[0] <= before[0]) {
            return Double.NaN;
        }
        return (double) (after[1] - before[1]) / (after[0] - before[0]);
    }

    /** The {@code cpu} line's total of every column and its steal column, or null when it is not such a line. */
    static long[] parse(String cpuLine) {
        String[] words = cpuLine.trim().split("\\s+");
        if (words.length < STEAL + 2 || !words[0].equals("cpu")) {
            return null;
        }
        long total = 0;
        long steal = 0;
        try {
            // guest time is counted in user time already (proc(5)): only the first eight columns add up
            for (int i = 1; i <= STEAL + 1; i++) {
                long v = Long.parseLong(words[i]);
                total += v;
                if (i == STEAL + 1) {
                    steal = v;
                }
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return new long[] {total, steal};
    }

    private static long[] read() {
        try {
            List<String> lines = Files.readAllLines(PROC_STAT);
            return lines.isEmpty() ? null : parse(lines.get(0));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
