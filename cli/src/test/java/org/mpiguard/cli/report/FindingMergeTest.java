package org.mpiguard.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingFormat;
import org.mpiguard.core.report.FindingKeys;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;

/**
 * The online checks and the trace analysis report some bugs both (a leak, a lost message, a
 * truncation): the report keeps one finding per bug, with every site either side knows, and
 * counts bugs.
 */
class FindingMergeTest {

    private static final SiteRef SPLIT = new SiteRef("org.acme.Leak", "main", "Leak.java", 12);
    private static final SiteRef FINALIZE = new SiteRef("org.acme.Leak", "main", "Leak.java", 30);
    private static final SiteRef SEND = new SiteRef("org.acme.Leak", "main", "Leak.java", 20);

    @TempDir
    Path dir;

    private static Finding onlineLeak(int rank) {
        return new Finding(FindingKind.RESOURCE_LEAK, Severity.WARNING, List.of(rank), "Intracomm.split", SPLIT,
                List.of(), "A communicator made at Leak.java:12 on rank " + rank + " was never freed", List.of(),
                FindingKeys.leak(rank, SPLIT));
    }

    private static Finding tracedLeak(int rank) {
        return new Finding(FindingKind.RESOURCE_LEAK, Severity.WARNING, List.of(rank), "Intracomm.split", SPLIT,
                List.of(), "Resource leak: a communicator made at rank " + rank + " at Leak.java:12", List.of(),
                FindingKeys.leak(rank, SPLIT));
    }

    private void analysis(Finding... findings) throws Exception {
        StringBuilder lines = new StringBuilder();
        for (Finding f : findings) {
            lines.append(FindingFormat.json(f)).append('\n');
        }
        Files.writeString(dir.resolve(FindingsDirectory.ANALYSIS_FILE), lines);
    }

    @Test
    void aLeakOnTwoRanksFoundByBothSidesIsOneBugOfTwoReports() throws Exception {
        Findings.write(dir, 0, List.of(), onlineLeak(0));
        Findings.write(dir, 1, List.of(), onlineLeak(1));
        analysis(tracedLeak(0), tracedLeak(1));
        MergedReport report = FindingsDirectory.read(dir);
        assertEquals(2, report.findings().size(), "one per rank: the analysis's copies merged");
        assertEquals(List.of(0, 1), report.findings().stream().map(ReportFinding::reportedBy).toList());
        assertEquals(List.of(FindingsDirectory.BY_ANALYSIS), report.findings().get(0).alsoReportedBy());
        assertTrue(report.findings().get(0).message().startsWith("A communicator made at"),
                "the online check's finding, unchanged: the analysis knows no other site");
        assertEquals(0, report.errors());
        assertEquals(1, report.warnings());
        JsonNode json = report.json(null);
        assertEquals(1, json.get("summary").get("bugs").asInt());
        assertEquals(1, json.get("summary").get("warnings").asInt());
        assertEquals(1, json.get("summary").get("byKind").get("resource-leak").asInt());
        assertEquals(2, json.get("findings").size());
        assertEquals("[-3]", json.get("findings").get(0).get("alsoReportedBy").toString());

        StringWriter console = new StringWriter();
        ConsoleSummary.print(new ReportWriter.Written(report, dir.resolve("r.json"), dir.resolve("r.html"),
                dir.resolve("r.sarif"), List.of()), new PrintWriter(console));
        assertTrue(console.toString().contains("MPIGuard: 0 errors, 1 warning in 1 finding (one per bug, from 2"
                + " reports), reported by ranks 0, 1 and the analysis of the traces"), console.toString());
        ObjectNode sarif = SarifReport.of(report, SourceFinder.of(dir, null));
        assertEquals(1, sarif.get("runs").get(0).get("results").size());
    }

    @Test
    void aLostMessageIsTheReceiversFindingWithTheSendersCallTheTracesName() throws Exception {
        Findings.write(dir, 1, List.of(), new Finding(FindingKind.RESOURCE_LEAK, Severity.WARNING, List.of(1),
                "MPI.Finalize", FINALIZE, List.of(), "A message (tag 7, 4 bytes) sent by rank 0 to rank 1 was never"
                + " received before MPI.Finalize.", List.of(), FindingKeys.lostMessage(1, 0, 7)));
        analysis(new Finding(FindingKind.RESOURCE_LEAK, Severity.WARNING, List.of(0, 1), "Comm.send", SEND,
                List.of(), "Lost message: the message sent by rank 0 at Leak.java:20 to rank 1 (tag 7) was never"
                + " received", List.of(), FindingKeys.lostMessage(1, 0, 7)));
        MergedReport report = FindingsDirectory.read(dir);
        assertEquals(1, report.findings().size());
        ReportFinding f = report.findings().get(0);
        assertEquals(1, f.reportedBy());
        assertEquals("Leak.java:30", f.site().location());
        assertEquals(1, f.related().size());
        assertEquals(0, f.related().get(0).rank());
        assertEquals("Leak.java:20", f.related().get(0).site().location());
        assertTrue(f.message().contains("The analysis of the traces adds: Lost message: the message sent by rank 0"),
                f.message());
        JsonNode raw = report.json(null).get("findings").get(0);
        assertEquals(20, raw.get("related").get(0).get("site").get("line").asInt());
        assertEquals("[1,0]", raw.get("ranks").toString());
        JsonNode result = SarifReport.of(report, SourceFinder.of(dir, null)).get("runs").get(0).get("results").get(0);
        assertEquals("rank 0: Comm.send", result.get("relatedLocations").get(0).get("message").get("text").asText());
        String html = new HtmlReport(report, SourceFinder.of(dir, null), TimelineSource.of(report), null, Map.of())
                .render();
        assertTrue(html.contains("reported by rank 1 and the analysis of the traces"), html);
        assertTrue(html.contains("Leak.java:20"), html);
    }

    @Test
    void aTruncationIsOpenMpisErrorAtTheReceiveWithTheSendTheTracesPairedItWith() throws Exception {
        SiteRef recv = new SiteRef("org.acme.Trunc", "main", "Trunc.java", 15);
        SiteRef send = new SiteRef("org.acme.Trunc", "main", "Trunc.java", 11);
        Findings.write(dir, 1, List.of(), new Finding(FindingKind.MPI_ERROR, Severity.ERROR, List.of(1), "Comm.recv",
                recv, List.of(), "Open MPI returned MPI_ERR_TRUNCATE", List.of(), FindingKeys.truncation(1, recv)));
        analysis(new Finding(FindingKind.TYPE_MISMATCH, Severity.ERROR, List.of(0, 1), "Comm.recv", recv,
                List.of(new RelatedCall(0, "Comm.send", send)), "Truncation: the send of rank 0 at Trunc.java:11",
                List.of(), FindingKeys.truncation(1, recv)));
        MergedReport report = FindingsDirectory.read(dir);
        assertEquals(1, report.findings().size());
        ReportFinding f = report.findings().get(0);
        assertEquals("mpi-error", f.kind());
        assertEquals(List.of(1, 0), f.ranks());
        assertEquals(1, f.related().size(), "the receive is the online finding's own site, not repeated");
        assertEquals("Trunc.java:11", f.related().get(0).site().location());
        assertEquals(Map.of("mpi-error", 1), report.countByKind());
        assertEquals(1, report.errors());
    }

    private static final SiteRef RECV = new SiteRef("org.acme.Master", "main", "Master.java", 25);
    private static final SiteRef SEND_1 = new SiteRef("org.acme.Master", "main", "Master.java", 40);
    private static final SiteRef SEND_2 = new SiteRef("org.acme.Master", "main", "Master.java", 44);

    private void explore(Finding... findings) throws Exception {
        StringBuilder lines = new StringBuilder();
        for (Finding f : findings) {
            lines.append(FindingFormat.json(f)).append('\n');
        }
        Files.writeString(dir.resolve(FindingsDirectory.EXPLORE_FILE), lines);
    }

    private static Finding raceWarning(SiteRef alternative, int sender) {
        return new Finding(FindingKind.MESSAGE_RACE, Severity.WARNING, List.of(0, 1, sender), "Comm.recv", RECV,
                List.of(new RelatedCall(1, "Comm.send", SEND_1), new RelatedCall(sender, "Comm.send", alternative)),
                "Message race: could have been taken instead", List.of(), FindingKeys.messageRace(0, RECV));
    }

    @Test
    void theReplaysErrorOwnsTheReceiveItConfirmedAndTheAnalysisWarningsOfItAreNotReportedApart() throws Exception {
        analysis(raceWarning(SEND_2, 2), raceWarning(SEND_2, 3));
        explore(new Finding(FindingKind.MESSAGE_RACE, Severity.ERROR, List.of(0, 1, 2), "Comm.recv", RECV,
                List.of(new RelatedCall(1, "Comm.send", SEND_1), new RelatedCall(2, "Comm.send", SEND_2)),
                "Message race confirmed by replay", List.of(), FindingKeys.messageRace(0, RECV)));
        MergedReport report = FindingsDirectory.read(dir);
        assertEquals(1, report.findings().size(), report.findings().toString());
        ReportFinding race = report.findings().get(0);
        assertEquals("error", race.severity());
        assertEquals(FindingsDirectory.BY_EXPLORE, race.reportedBy());
        assertEquals(List.of(FindingsDirectory.BY_ANALYSIS, FindingsDirectory.BY_ANALYSIS), race.alsoReportedBy());
        assertEquals("Message race confirmed by replay", race.message(), "the replay's verdict replaces the suspicion");
        assertEquals(List.of(0, 1, 2, 3), race.ranks(), "rank 3, which only the analysis named, is kept");
        assertEquals(1, report.errors());
        assertEquals(0, report.warnings());
    }

    @Test
    void aReplayThatDidNotConfirmAPredictionAddsItsWordToTheAnalysisWarning() throws Exception {
        String key = FindingKeys.predictedDeadlock(0, SEND_1, List.of(new RelatedCall(1, "Comm.send", SEND_2)));
        analysis(new Finding(FindingKind.PREDICTED_DEADLOCK, Severity.WARNING, List.of(0, 1), "Comm.send", SEND_1,
                List.of(new RelatedCall(1, "Comm.send", SEND_2)), "Unconfirmed: another schedule deadlocks.",
                List.of(), key));
        explore(new Finding(FindingKind.PREDICTED_DEADLOCK, Severity.WARNING, List.of(0, 1), "Comm.send", SEND_1,
                List.of(new RelatedCall(1, "Comm.send", SEND_2)), "Not reproduced: the replay ran to its end.",
                List.of(), key));
        MergedReport report = FindingsDirectory.read(dir);
        assertEquals(1, report.findings().size(), report.findings().toString());
        ReportFinding d = report.findings().get(0);
        assertEquals("warning", d.severity());
        assertEquals(FindingsDirectory.BY_ANALYSIS, d.reportedBy());
        assertEquals("Unconfirmed: another schedule deadlocks. mpiguard explore adds: Not reproduced: the replay ran"
                + " to its end.", d.message());
    }

    @Test
    void twoFindingsOfOneKeyFromOneSideAreLeftApart() throws Exception {
        Findings.write(dir, 0, List.of(), onlineLeak(0), onlineLeak(0));
        assertEquals(2, FindingsDirectory.read(dir).findings().size());
    }

    @Test
    void theHeaderSaysWhoReportedInEveryCase() throws Exception {
        analysis(tracedLeak(0));
        MergedReport analysed = FindingsDirectory.read(dir);
        String html = new HtmlReport(analysed, SourceFinder.of(dir, null), TimelineSource.of(analysed), null,
                Map.of()).render();
        assertTrue(html.contains("in 1 finding, reported by the analysis of the traces.</p>"), html);
        assertFalse(html.contains("no rank"), html);

        MergedReport none = FindingsDirectory.read(dir.resolve("empty"));
        String empty = new HtmlReport(none, SourceFinder.of(dir, null), TimelineSource.of(none), null, Map.of())
                .render();
        assertTrue(empty.contains("warnings: no finding was reported.</p>"), empty);
    }
}
