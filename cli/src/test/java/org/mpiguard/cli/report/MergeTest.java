package org.mpiguard.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingFormat;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;

class MergeTest {

    @TempDir
    Path dir;

    @Test
    void everyRanksFindingsAreMergedInRankOrderWithWhoReportedThem() throws Exception {
        Findings.write(dir, 2, List.of(), Findings.hazard(2));
        Findings.write(dir, 0, List.of(), Findings.deadlock());
        Findings.write(dir, 1, List.of(), Findings.hazard(1));
        Files.writeString(dir.resolve("unrelated.jsonl"), "{\"kind\":\"deadlock\"}\n");
        MergedReport report = FindingsDirectory.read(dir);
        assertEquals(List.of(0, 1, 2), report.rankFiles());
        assertEquals(List.of("deadlock", "binding-hazard", "binding-hazard"),
                report.findings().stream().map(ReportFinding::kind).toList());
        assertEquals(List.of(0, 1, 2), report.findings().stream().map(ReportFinding::reportedBy).toList());
        assertEquals(1, report.errors());
        assertEquals(1, report.warnings(), "one hazard at one site on ranks 1 and 2 is one bug");
        assertEquals(3, report.findings().size());
    }

    @Test
    void whatTheEndOfRunAnalysisOfTheTracesFoundIsInTheReportAndSaidToBeItsInTheHtml() throws Exception {
        Findings.write(dir, 0, List.of(), Findings.hazard(0));
        Finding mismatch = new Finding(FindingKind.TYPE_MISMATCH, Severity.ERROR, List.of(0, 1), "Comm.recv",
                Findings.RING_41, List.of(), "Type mismatch found in the traces", List.of());
        Files.writeString(dir.resolve(FindingsDirectory.ANALYSIS_FILE), FindingFormat.json(mismatch) + "\n");
        MergedReport report = FindingsDirectory.read(dir);
        assertEquals(List.of("binding-hazard", "type-mismatch"), report.findings().stream().map(ReportFinding::kind)
                .toList());
        assertEquals(FindingsDirectory.BY_ANALYSIS, report.findings().get(1).reportedBy());
        assertEquals(1, report.errors(), "an error of the analysis is an error of the run");
        assertEquals(List.of(0), report.rankFiles(), "the analysis is not a rank");
        String html = new HtmlReport(report, SourceFinder.of(dir, null), TimelineSource.of(report), null, Map.of())
                .render();
        assertTrue(html.contains("reported by the analysis of the traces"), html);
    }

    @Test
    void theRacesMpiguardExploreConfirmedFollowTheRanksFindingsAndAreSaidToBeItsInTheHtml() throws Exception {
        Findings.write(dir, 1, List.of(), Findings.hazard(1));
        Finding race = new Finding(FindingKind.MESSAGE_RACE, Severity.ERROR, List.of(0, 1, 2), "Comm.recv",
                Findings.RING_41, List.of(), "Message race confirmed by replay", List.of());
        Files.writeString(dir.resolve(FindingsDirectory.EXPLORE_FILE), FindingFormat.json(race) + "\n");
        MergedReport report = FindingsDirectory.read(dir);
        assertEquals(List.of("binding-hazard", "message-race"), report.findings().stream().map(ReportFinding::kind)
                .toList());
        assertEquals(FindingsDirectory.BY_EXPLORE, report.findings().get(1).reportedBy());
        assertEquals(List.of(1), report.rankFiles(), "explore is not a rank");
        String html = new HtmlReport(report, SourceFinder.of(dir, null), TimelineSource.of(report), null, Map.of())
                .render();
        assertTrue(html.contains("reported by mpiguard explore"), html);
        assertTrue(html.contains("reported by rank 1"), html);
    }

    @Test
    void repeatsOfOneKindAtOneSiteAreOneGroupWithACountAndErrorsComeFirst() throws Exception {
        Findings.write(dir, 1, List.of(), Findings.hazard(1));
        Findings.write(dir, 3, List.of(), Findings.hazard(3), Findings.hazard(3));
        Findings.write(dir, 0, List.of(), Findings.invalidArgument(0, Findings.RING_41, "count -1"));
        List<FindingGroup> groups = FindingsDirectory.read(dir).groups();
        assertEquals(2, groups.size());
        assertEquals("invalid-argument", groups.get(0).first().kind());
        assertEquals(3, groups.get(1).count());
        assertEquals(List.of(1, 3), List.copyOf(groups.get(1).ranks()));
    }

    @Test
    void aTruncatedLineIsCountedAndSkippedNotFatal() throws Exception {
        Findings.write(dir, 0, List.of(), Findings.hazard(0));
        Files.writeString(dir.resolve("findings-rank0.jsonl"), "{\"kind\":\"dead", java.nio.file.StandardOpenOption.APPEND);
        MergedReport report = FindingsDirectory.read(dir);
        assertEquals(1, report.findings().size());
        assertEquals(1, report.unreadable());
    }

    @Test
    void theMergedJsonHasASummaryAndKeepsFieldsItDoesNotKnow() throws Exception {
        Findings.write(dir, 0, List.of(), Findings.deadlock());
        Files.writeString(dir.resolve("findings-rank1.jsonl"), "{\"kind\":\"stall\",\"severity\":\"warning\","
                + "\"ranks\":[1],\"op\":\"Comm.barrier\",\"site\":null,\"related\":[],\"message\":\"m\","
                + "\"futureField\":{\"x\":1}}\n");
        JsonNode json = FindingsDirectory.read(dir).json(new RunInfo(List.of("mpirun", "java"), 86));
        assertEquals(2, json.get("summary").get("findings").asInt());
        assertEquals(1, json.get("summary").get("errors").asInt());
        assertEquals(1, json.get("summary").get("byKind").get("stall").asInt());
        assertEquals(86, json.get("run").get("exitCode").asInt());
        assertEquals(1, json.get("findings").get(1).get("futureField").get("x").asInt());
        assertEquals(1, json.get("findings").get(1).get("reportedBy").asInt());
        assertEquals("[1]", json.get("findings").get(0).get("status").get(0).get("waitsFor").toString());
    }

    @Test
    void anEmptyDirectoryIsAReportOfNoFindings() throws Exception {
        MergedReport report = FindingsDirectory.read(dir.resolve("never-written"));
        assertTrue(report.findings().isEmpty());
        assertEquals(0, report.json(null).get("summary").get("findings").asInt());
    }
}
