package org.mpiguard.cli.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/** Who reported a set of findings, said in words that hold whichever sides found them. */
final class Reporters {

    private Reporters() {
    }

    /**
     * {@code rank 0}, {@code ranks 0, 3}, {@code the analysis of the traces} for what the trace
     * analysis found, {@code mpiguard explore} for what its replays confirmed, joined with
     * "and"; counting the sides merged into a finding; empty for no finding.
     */
    static String of(Collection<ReportFinding> findings) {
        TreeSet<Integer> ranks = new TreeSet<>();
        findings.forEach(m -> {
            ranks.add(m.reportedBy());
            ranks.addAll(m.alsoReportedBy());
        });
        boolean analysed = ranks.remove(FindingsDirectory.BY_ANALYSIS);
        boolean explored = ranks.remove(FindingsDirectory.BY_EXPLORE);
        List<String> names = new ArrayList<>();
        if (!ranks.isEmpty()) {
            names.add("rank" + (ranks.size() == 1 ? " " : "s ") + join(ranks));
        }
        if (analysed) {
            names.add("the analysis of the traces");
        }
        if (explored) {
            names.add("mpiguard explore");
        }
        if (names.size() <= 1) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    static String join(Iterable<Integer> ranks) {
        StringBuilder s = new StringBuilder();
        for (int r : ranks) {
            s.append(s.length() == 0 ? "" : ", ").append(r);
        }
        return s.toString();
    }
}
