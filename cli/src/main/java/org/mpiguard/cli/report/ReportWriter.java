package org.mpiguard.cli.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes every output of a report directory beside its findings: {@code mpiguard-report.json},
 * {@code .html}, {@code .sarif} and one DOT file per wait-for graph.
 */
public final class ReportWriter {

    public static final String JSON_FILE = "mpiguard-report.json";
    public static final String HTML_FILE = "mpiguard-report.html";
    public static final String SARIF_FILE = "mpiguard-report.sarif";
    private static final Pattern DOT_FILE = Pattern.compile("(deadlock|livelock|[a-z-]+)-\\d+\\.dot");

    /** What was written, for the summary. */
    public record Written(MergedReport report, Path json, Path html, Path sarif, List<Path> dots) {
    }

    private ReportWriter() {
    }

    public static Written write(Path findingsDir, Path outDir, SourceFinder sources, RunInfo run) throws IOException {
        MergedReport report = FindingsDirectory.read(findingsDir);
        Files.createDirectories(outDir);
        removeOldGraphs(outDir);
        List<FindingGroup> groups = report.groups();
        Map<Integer, String> dotNames = new LinkedHashMap<>();
        List<Path> dots = new ArrayList<>();
        Map<String, Integer> perKind = new LinkedHashMap<>();
        for (int g = 0; g < groups.size(); g++) {
            ReportFinding f = groups.get(g).first();
            if (WaitGraph.drawable(f)) {
                String name = f.kind().replaceAll("[^a-z-]", "") + "-" + perKind.merge(f.kind(), 1, Integer::sum) + ".dot";
                Path dot = outDir.resolve(name);
                Files.writeString(dot, new WaitGraph(f).dot(name.substring(0, name.length() - 4)), StandardCharsets.UTF_8);
                dotNames.put(g, name);
                dots.add(dot);
            }
        }
        Path json = outDir.resolve(JSON_FILE);
        FindingsDirectory.JSON.writerWithDefaultPrettyPrinter().writeValue(json.toFile(), report.json(run));
        Path sarif = outDir.resolve(SARIF_FILE);
        FindingsDirectory.JSON.writerWithDefaultPrettyPrinter().writeValue(sarif.toFile(), SarifReport.of(report, sources));
        Path html = outDir.resolve(HTML_FILE);
        Files.writeString(html, new HtmlReport(report, sources, TimelineSource.of(report, findingsDir), run, dotNames).render(),
                StandardCharsets.UTF_8);
        return new Written(report, json, html, sarif, dots);
    }

    /** Graphs of an earlier report of the same directory would be taken for this run's. */
    private static void removeOldGraphs(Path outDir) throws IOException {
        try (Stream<Path> entries = Files.list(outDir)) {
            for (Path p : entries.filter(p -> DOT_FILE.matcher(p.getFileName().toString()).matches()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
