package org.mpiguard.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The way to the predictions a user takes: {@code mpiguard run --trace on}, then {@code
 * mpiguard analyze} on its report directory, then {@code mpiguard report}. Leaks, a request
 * never completed and a lost message are seen by the online checks at Finalize and by the
 * analysis of the traces; a truncation by Open MPI (online) and by the type matching of the
 * traces. Each bug is one finding in the JSON, the HTML, the SARIF and the console summary,
 * with every site either side knows, and the counts are bugs; on the job's console, a leak
 * every rank makes is printed once with its ranks. The twins leave no finding.
 */
class OneFindingPerBugTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PKG = "org.mpiguard.programs.";
    private static final String LEAKS = "org/mpiguard/programs/dedup/LeaksOnEveryRank.java";
    private static final String TRUNCATED = "org/mpiguard/programs/mpierror/TruncatedRecv.java";

    private static Installation.Result run(Path work, int ranks, String program) throws Exception {
        return Installation.mpiguard(work, List.of("run", "--trace", "on", "--include", PKG + "*",
                "--source-path", Installation.PROGRAM_SOURCES.toString(), "--allow-run-as-root", "--oversubscribe",
                "-np", String.valueOf(ranks), "--", "java", "-cp", Installation.programClassPath(), PKG + program), 240);
    }

    /** mpiguard analyze, then mpiguard report, on the run's report directory; the report command's result. */
    private static Installation.Result analyzeAndReport(Path work, int analyzeExit) throws Exception {
        Installation.Result analyzed = Installation.mpiguard(work, List.of("analyze", "mpiguard-report"), 240);
        assertEquals(analyzeExit, analyzed.exitCode(), analyzed.toString());
        Installation.Result reported = Installation.mpiguard(work, List.of("report", "--source-path",
                Installation.PROGRAM_SOURCES.toString(), "mpiguard-report"), 120);
        assertEquals(0, reported.exitCode(), reported.toString());
        return reported;
    }

    private static List<JsonNode> findings(JsonNode report) {
        List<JsonNode> all = new ArrayList<>();
        report.get("findings").forEach(all::add);
        return all;
    }

    @Test
    void leaksARequestAndALostMessageOnThreeRanksAreFourBugsEachReportedOncePerRank() throws Exception {
        Path work = Files.createTempDirectory("mpiguard-dedup");
        Installation.Result ran = run(work, 3, "dedup.LeaksOnEveryRank");
        assertEquals(0, ran.exitCode(), ran.toString());
        assertTrue(ran.stdout().contains("MPIGuard: 0 errors, 4 warnings in 4 findings (one per bug, from 10 reports),"
                + " reported by ranks 0, 1, 2 and the analysis of the traces"), ran.toString());
        int send = Installation.lineOf(LEAKS, "LOST-SEND");
        assertTrue(ran.stderr().contains("the traces add to a finding reported online: Lost message: the message sent"
                + " by rank 1 at LeaksOnEveryRank.java:" + send), "rank 0's end-of-run analysis adds the sender\n" + ran);
        int comm = Installation.lineOf(LEAKS, "LEAK-COMM");
        List<String> commLeaks = ran.stderr().lines().filter(l -> l.startsWith("[MPIGuard] WARNING resource-leak on")
                && l.endsWith("LeaksOnEveryRank.java:" + comm)).toList();
        assertEquals(1, commLeaks.size(), "the leak every rank made is printed once, by rank 0, and the end-of-run"
                + " analysis does not print it again\n" + ran);
        assertTrue(commLeaks.get(0).startsWith("[MPIGuard] WARNING resource-leak on ranks 0, 1, 2: "), ran.toString());
        int pending = Installation.lineOf(LEAKS, "PENDING-SEND");
        assertEquals(1, ran.stderr().lines().filter(l -> l.startsWith("[MPIGuard] WARNING request-lifecycle on ranks"
                + " 0, 1, 2: ") && l.endsWith("LeaksOnEveryRank.java:" + pending)).count(), ran.toString());
        assertTrue(ran.stderr().contains("(The same on ranks 1, 2.)"), ran.toString());

        Installation.Result reported = analyzeAndReport(work, 0);
        assertTrue(reported.stdout().contains("MPIGuard: 0 errors, 4 warnings in 4 findings (one per bug, from 10"
                + " reports)"), reported.toString());
        Path dir = work.resolve("mpiguard-report");
        String analysed = Files.readString(dir.resolve("findings-analysis.jsonl"));
        assertEquals(1, analysed.lines().count(), "of what the traces show, only the lost message adds anything\n"
                + analysed);

        JsonNode report = JSON.readTree(dir.resolve("mpiguard-report.json").toFile());
        assertEquals(4, report.get("summary").get("bugs").asInt(), report.toString());
        assertEquals(4, report.get("summary").get("warnings").asInt());
        assertEquals(10, report.get("summary").get("findings").asInt());
        assertEquals(3, report.get("summary").get("byKind").get("resource-leak").asInt(),
                "the communicator, the group, the lost message");
        assertEquals(1, report.get("summary").get("byKind").get("request-lifecycle").asInt(), "the send never waited for");
        Set<String> perRankAndSite = new TreeSet<>();
        for (JsonNode f : findings(report)) {
            String key = f.get("kind").asText() + " " + f.get("ranks").get(0) + " " + Installation.at(f.get("site"));
            assertTrue(perRankAndSite.add(key), "once per rank and site: " + f);
        }
        for (String marker : List.of("LEAK-COMM", "LEAK-GROUP", "PENDING-SEND")) {
            int line = Installation.lineOf(LEAKS, marker);
            for (int rank = 0; rank < 3; rank++) {
                String kind = marker.equals("PENDING-SEND") ? "request-lifecycle" : "resource-leak";
                assertTrue(perRankAndSite.contains(kind + " " + rank + " LeaksOnEveryRank.java:" + line),
                        marker + " on rank " + rank + ": " + perRankAndSite);
            }
        }
        JsonNode lost = findings(report).stream().filter(f -> f.get("message").asText().contains("never received"))
                .findFirst().orElseThrow(() -> new AssertionError(report.toString()));
        assertEquals(0, lost.get("ranks").get(0).asInt(), "the receiver's finding");
        assertEquals("LeaksOnEveryRank.java:" + Installation.lineOf(LEAKS, "LOST-MESSAGE"),
                Installation.at(lost.get("site")));
        assertEquals(Set.of("1:LeaksOnEveryRank.java:" + send), Installation.related(lost), "the sender's call, from the traces");
        assertEquals("[-3]", lost.get("alsoReportedBy").toString());

        JsonNode sarif = JSON.readTree(dir.resolve("mpiguard-report.sarif").toFile());
        JsonNode results = sarif.get("runs").get(0).get("results");
        assertEquals(4, results.size(), "one result per bug");
        String html = Files.readString(dir.resolve("mpiguard-report.html"));
        assertTrue(html.contains("<strong>0</strong> errors, <strong>4</strong> warnings in 4 findings (one per bug,"
                + " from 10 reports), reported by ranks 0, 1, 2 and the analysis of the traces.</p>"), html);
        assertEquals(4, html.split("<article class=\"finding", -1).length - 1, "one article per bug");
    }

    @Test
    void aTruncationIsOneErrorAtTheReceiveNamingTheSend() throws Exception {
        Path work = Files.createTempDirectory("mpiguard-dedup");
        Installation.Result ran = run(work, 2, "mpierror.TruncatedRecv");
        assertEquals(86, ran.exitCode(), ran.toString());
        Installation.Result reported = analyzeAndReport(work, 1);
        assertTrue(reported.stdout().contains("MPIGuard: 1 error, 0 warnings in 1 finding, reported by rank 1 and"
                + " the analysis of the traces"), reported.toString());
        Path dir = work.resolve("mpiguard-report");
        JsonNode report = JSON.readTree(dir.resolve("mpiguard-report.json").toFile());
        assertEquals(1, report.get("summary").get("bugs").asInt(), report.toString());
        assertEquals(1, report.get("findings").size(), report.toString());
        JsonNode f = report.get("findings").get(0);
        assertEquals("mpi-error", f.get("kind").asText());
        assertEquals("TruncatedRecv.java:" + Installation.lineOf(TRUNCATED, "MPI-ERROR-SITE"),
                Installation.at(f.get("site")));
        assertEquals(Set.of("0:TruncatedRecv.java:" + Installation.lineOf(TRUNCATED, "SEND-SITE")), Installation.related(f));
        assertTrue(f.get("message").asText().contains("The analysis of the traces adds: Truncation"), f.toString());
        JsonNode result = JSON.readTree(dir.resolve("mpiguard-report.sarif").toFile()).get("runs").get(0)
                .get("results");
        assertEquals(1, result.size());
        assertEquals(Installation.lineOf(TRUNCATED, "SEND-SITE"), result.get(0).get("relatedLocations").get(0)
                .get("physicalLocation").get("region").get("startLine").asInt());
        assertTrue(Files.readString(dir.resolve("mpiguard-report.html")).contains("reported by rank 1 and the analysis"
                + " of the traces"));
    }

    @Test
    void theTwinsLeaveNoFinding() throws Exception {
        for (String twin : List.of("dedup.FreedOnEveryRank", "mpierror.TruncatedRecvFixed")) {
            Path work = Files.createTempDirectory("mpiguard-dedup");
            Installation.Result ran = run(work, 3, twin);
            assertEquals(0, ran.exitCode(), ran.toString());
            assertTrue(ran.stdout().contains("MPIGuard: no findings."), ran.toString());
            assertTrue(analyzeAndReport(work, 0).stdout().contains("MPIGuard: no findings."), twin);
        }
    }
}
