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
 *
 * <p>Its counts are of bugs: the findings of one kind at one site are one bug whatever the
 * ranks that found it, and the online checks' and the analysis's findings of one bug were
 * merged into one when read ({@link FindingMerge}).
 */
public record MergedReport(List<ReportFinding> findings, List<ObjectNode> raw, List<Integer> rankFiles,
                           int unreadable) {

    /** Bugs, not copies: a group of findings of one kind at one site (on any rank) with an error among them. */
    public long errors() {
        return groups().stream().filter(FindingGroup::isError).count();
    }

    public long warnings() {
        return groups().size() - errors();
    }

    /**
     * Who reported the findings, in words: {@code ranks 0, 1}, {@code the analysis of the traces},
     * {@code mpiguard explore}, joined with "and"; empty when there is no finding.
     */
    public String reporters() {
        return Reporters.of(findings);
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

    /** Bugs (groups) of each kind. */
    public Map<String, Integer> countByKind() {
        Map<String, Integer> counts = new TreeMap<>();
        groups().forEach(g -> counts.merge(g.first().kind(), 1, Integer::sum));
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
        // errors, warnings and byKind count bugs (groups); findings counts the entries below, one per rank and bug
        summary.put("findings", findings.size()).put("bugs", groups().size()).put("errors", errors())
                .put("warnings", warnings()).put("groups", groups().size());
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
