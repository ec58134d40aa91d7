package org.mpiguard.cli.report;

import java.io.PrintWriter;
import java.util.List;

/**
 * The one screen {@code mpiguard run} and {@code mpiguard report} print after writing the report:
 * its counts are bugs (a finding of one kind at one site, on however many ranks), one line each.
 */
public final class ConsoleSummary {

    private static final int MAX_GROUPS = 12;

    private ConsoleSummary() {
    }

    public static void print(ReportWriter.Written written, PrintWriter out) {
        MergedReport report = written.report();
        List<FindingGroup> groups = report.groups();
        out.println();
        if (report.findings().isEmpty()) {
            out.println("MPIGuard: no findings.");
        } else {
            // one line per bug: the findings of one kind at one site, whichever ranks and sides reported them
            out.printf("MPIGuard: %d error%s, %d warning%s in %d finding%s%s, reported by %s%n", report.errors(),
                    report.errors() == 1 ? "" : "s", report.warnings(), report.warnings() == 1 ? "" : "s",
                    groups.size(), groups.size() == 1 ? "" : "s", report.findings().size() > groups.size()
                            ? " (one per bug, from " + report.findings().size() + " reports)" : "",
                    report.reporters());
        }
        for (int i = 0; i < Math.min(MAX_GROUPS, groups.size()); i++) {
            FindingGroup g = groups.get(i);
            ReportFinding f = g.first();
            out.printf("  %-7s %-20s %-5s ranks %-10s %s at %s%n", g.isError() ? "ERROR" : "warning", f.kind(),
                    g.count() > 1 ? "x" + g.count() : "", abbreviate(g.ranks().toString().replace(" ", ""), 10), f.op(),
                    f.site() == null ? "?" : f.site().location());
        }
        if (groups.size() > MAX_GROUPS) {
            out.printf("  ... and %d more in the report%n", groups.size() - MAX_GROUPS);
        }
        if (report.unreadable() > 0) {
            out.printf("  (%d unreadable line(s) of the findings files skipped)%n", report.unreadable());
        }
        out.println("Report:  " + written.html().toAbsolutePath());
        out.println("         " + written.json().getFileName() + ", " + written.sarif().getFileName()
                + (written.dots().isEmpty() ? "" : ", " + written.dots().size() + " wait-for graph(s) as DOT")
                + " beside it");
        out.flush();
    }

    private static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }
}
