package org.mpiguard.bench.harness;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What {@code KernelMain} printed: one result per kernel and the ranks' peak resident sets. */
final class KernelLines {

    record Result(String name, double seconds, boolean verified, String checksum, String detail) {
    }

    private static final Pattern KERNEL = Pattern.compile(
            "^KERNEL name=(\\S+) ranks=\\d+ seconds=(\\S+) verified=(true|false) checksum=(\\S*) detail=(.*)$",
            Pattern.MULTILINE);
    private static final Pattern PEAK = Pattern.compile("^PEAKRSS kib=([0-9,\\-]+)$", Pattern.MULTILINE);
    private static final Pattern INTERCEPTED = Pattern.compile("^INTERCEPTED (yes|no)$", Pattern.MULTILINE);

    final Map<String, Result> results = new LinkedHashMap<>();
    /** The largest peak RSS of any rank, KiB; -1 when the line is missing. */
    final long maxPeakKib;
    /** Whether the agent saw MPI.Init in rank 0; null when the line is missing. */
    final Boolean intercepted;

    KernelLines(String stdout) {
        Matcher m = KERNEL.matcher(stdout);
        while (m.find()) {
            results.put(m.group(1), new Result(m.group(1), Double.parseDouble(m.group(2)),
                    Boolean.parseBoolean(m.group(3)), m.group(4), m.group(5).trim()));
        }
        long peak = -1;
        Matcher p = PEAK.matcher(stdout);
        if (p.find()) {
            for (String kib : p.group(1).split(",")) {
                peak = Math.max(peak, Long.parseLong(kib));
            }
        }
        maxPeakKib = peak;
        Matcher i = INTERCEPTED.matcher(stdout);
        intercepted = i.find() ? i.group(1).equals("yes") : null;
    }
}
