package org.mpiguard.cli.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads every rank's {@code findings-rank<N>.jsonl} of a report directory into one list, in
 * rank order and, within a rank, in the order written, then those the analysis of the run's
 * traces found at its end ({@code findings-analysis.jsonl}, when the traces were written into
 * the report directory), then those {@code mpiguard explore} confirmed by replaying the run
 * ({@code findings-explore.jsonl}). The two findings of one bug that the online checks and the
 * analysis both found become one ({@link FindingMerge}). A line that is not a JSON object (a
 * job killed mid-write) is counted and skipped, never fatal.
 */
public final class FindingsDirectory {

    static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static final Pattern FILE = Pattern.compile("findings-rank(-?\\d+)\\.jsonl");
    /** The findings of {@code mpiguard explore} on the directory's run (message races confirmed by replay). */
    public static final String EXPLORE_FILE = "findings-explore.jsonl";
    /** {@code reportedBy} of explore's findings: no rank reported them. */
    public static final int BY_EXPLORE = -2;
    /** The findings of the analysis of the run's traces (rank 0's end-of-run analysis, or mpiguard analyze). */
    public static final String ANALYSIS_FILE = "findings-analysis.jsonl";
    /** {@code reportedBy} of the analysis's findings. */
    public static final int BY_ANALYSIS = -3;

    private FindingsDirectory() {
    }

    /** The findings files of {@code dir} by rank; empty when it has none. */
    public static TreeMap<Integer, Path> files(Path dir) throws IOException {
        TreeMap<Integer, Path> byRank = new TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return byRank;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            entries.forEach(p -> {
                Matcher m = FILE.matcher(p.getFileName().toString());
                if (m.matches()) {
                    byRank.put(Integer.parseInt(m.group(1)), p);
                }
            });
        }
        return byRank;
    }

    public static MergedReport read(Path dir) throws IOException {
        List<ObjectNode> raw = new ArrayList<>();
        List<ReportFinding> findings = new ArrayList<>();
        int unreadable = 0;
        TreeMap<Integer, Path> files = files(dir);
        for (var file : files.entrySet()) {
            unreadable += read(file.getValue(), file.getKey(), raw, findings);
        }
        Path analysed = dir.resolve(ANALYSIS_FILE);
        if (Files.isRegularFile(analysed)) {
            unreadable += read(analysed, BY_ANALYSIS, raw, findings);
        }
        Path explored = dir.resolve(EXPLORE_FILE);
        if (Files.isRegularFile(explored)) {
            unreadable += read(explored, BY_EXPLORE, raw, findings);
        }
        FindingMerge.Merged merged = FindingMerge.byKey(findings, raw);
        return new MergedReport(merged.findings(), merged.raw(), new ArrayList<>(files.keySet()), unreadable);
    }

    /** Adds the findings of one file; returns how many of its lines were not findings. */
    private static int read(Path file, int reportedBy, List<ObjectNode> raw, List<ReportFinding> findings)
            throws IOException {
        int unreadable = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            ObjectNode node = parse(line);
            ReportFinding finding = node == null ? null : typed(node, reportedBy);
            if (finding == null) {
                unreadable++;
                continue;
            }
            node.put("reportedBy", reportedBy);
            raw.add(node);
            findings.add(finding);
        }
        return unreadable;
    }

    private static ObjectNode parse(String line) {
        try {
            JsonNode node = JSON.readTree(line);
            return node instanceof ObjectNode object && object.has("kind") ? object : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private static ReportFinding typed(ObjectNode node, int rank) {
        try {
            ObjectNode copy = node.deepCopy();
            copy.put("reportedBy", rank);
            return JSON.treeToValue(copy, ReportFinding.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return null;
        }
    }
}
