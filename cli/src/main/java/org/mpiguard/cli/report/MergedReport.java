package org.mpiguard.cli.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mpiguard.cli.Version;

/**
 * Every rank's findings as one report: the typed view the HTML and SARIF read, and the
 * findings as written (with fields this version does not know) for the merged JSON.
 *
 * @param rankFiles  the ranks that left a findings file
 * @param unreadable lines of those files that were not a finding
 */
public record MergedReport(List<ReportFinding> findings, List<ObjectNode> raw, List<Integer> rankFiles,
                           int unreadable) {

    public long errors() {
        return findings.stream().filter(ReportFinding::isError).count();
    }

    public long warnings() {
        return findings.size() - errors();
    }

    /** Errors first, then by the order the first member was found. */
    public List<FindingGroup> groups() {
        Map<String, FindingGroup> groups = new LinkedHashMap<>();
        for (int i = 0; i < findings.size(); i++) {
            ReportFinding f = findings.get(i);
            int index = i;
            groups.compute(FindingGroup.key(f), (k, g) -> {
                if (g == null) {
                    return new FindingGroup(f, index);
                }
                g.add(f, index);
                return g;
            });
        }
        List<FindingGroup> ordered = new ArrayList<>(groups.values());
        ordered.sort((a, b) -> Boolean.compare(b.isError(), a.isError()));
        return ordered;
    }

    public Map<String, Integer> countByKind() {
        Map<String, Integer> counts = new TreeMap<>();
        findings.forEach(f -> counts.merge(f.kind(), 1, Integer::sum));
        return counts;
    }

    /** The content of {@code mpiguard-report.json}. */
    public ObjectNode json(RunInfo run) {
        ObjectNode root = FindingsDirectory.JSON.createObjectNode();
        root.putObject("tool").put("name", "MPIGuard").put("version", Version.number());
        if (run != null) {
            ObjectNode r = root.putObject("run");
            ArrayNode command = r.putArray("command");
            run.command().forEach(command::add);
            r.put("exitCode", run.exitCode());
        }
        ObjectNode summary = root.putObject("summary");
        summary.put("findings", findings.size()).put("errors", errors()).put("warnings", warnings())
                .put("groups", groups().size());
        ObjectNode byKind = summary.putObject("byKind");
        countByKind().forEach(byKind::put);
        ArrayNode ranks = summary.putArray("ranksReporting");
        rankFiles.forEach(ranks::add);
        summary.put("unreadableLines", unreadable);
        ArrayNode list = root.putArray("findings");
        raw.forEach(list::add);
        return root;
    }
}
