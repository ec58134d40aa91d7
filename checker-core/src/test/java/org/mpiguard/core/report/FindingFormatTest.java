package org.mpiguard.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FindingFormatTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Finding sample(String message) {
        SiteRef site = new SiteRef("com.acme.Ring", "main", "Ring.java", 31);
        return new Finding(FindingKind.DEADLOCK, Severity.ERROR, List.of(0, 1), "Comm.recv", site,
                List.of(new RelatedCall(1, "Comm.recv", site)), message,
                List.of(new RankReport(0, "blocked", "Comm.recv", site, "main"),
                        new RankReport(1, "finished", "MPI.Finalize", new SiteRef("X", "y", null, -1), null)));
    }

    @Test
    void aBlockedRanksWaitsAreTheEdgesOfTheGraph() throws Exception {
        SiteRef site = new SiteRef("com.acme.Ring", "main", "Ring.java", 31);
        Finding f = new Finding(FindingKind.DEADLOCK, Severity.ERROR, List.of(0), "Comm.recv", site, List.of(), "m",
                List.of(new RankReport(0, "blocked", "Comm.recv", site, "main", List.of(1, 2), true),
                        new RankReport(1, "running", null, null, "main")));
        JsonNode status = JSON.readTree(FindingFormat.json(f)).get("status");
        assertEquals("[1,2]", status.get(0).get("waitsFor").toString());
        assertTrue(status.get(0).get("anyOf").asBoolean());
        assertTrue(status.get(1).get("waitsFor") == null, "a running rank waits for nobody");
    }

    @Test
    void aBlockedThreadsStackIsWrittenInItsStatusOnlyWhenTaken() throws Exception {
        SiteRef site = new SiteRef("com.acme.Ring", "main", "Ring.java", 31);
        Finding f = new Finding(FindingKind.DEADLOCK, Severity.ERROR, List.of(0), "Comm.recv", site, List.of(), "m",
                List.of(new RankReport(0, "blocked", "Comm.recv", site, "main", List.of(1), false,
                                List.of(site, SiteRef.ofFrame("java.base/java.lang.Thread.run(Thread.java:840)"))),
                        new RankReport(1, "running", null, null, "main")));
        JsonNode status = JSON.readTree(FindingFormat.json(f)).get("status");
        assertEquals(2, status.get(0).get("stack").size());
        assertEquals("java.lang.Thread", status.get(0).get("stack").get(1).get("class").asText());
        assertEquals(840, status.get(0).get("stack").get(1).get("line").asInt());
        assertTrue(status.get(1).get("stack") == null);
    }

    @Test
    void theKeyOfABugBothSidesSeeIsWrittenOnlyWhenItHasOne() throws Exception {
        SiteRef site = new SiteRef("com.acme.Leak", "main", "Leak.java", 12);
        Finding leak = new Finding(FindingKind.RESOURCE_LEAK, Severity.WARNING, List.of(3), "Intracomm.split", site,
                List.of(), "m", List.of(), FindingKeys.leak(3, site));
        assertEquals("leak rank 3 made at com.acme.Leak.main(Leak.java:12)",
                JSON.readTree(FindingFormat.json(leak)).get("key").asText());
        assertTrue(JSON.readTree(FindingFormat.json(leak.withKey(null))).get("key") == null);
        assertTrue(FindingKeys.isLifecycle(leak.key()) && !FindingKeys.isTruncation(leak.key()));
        assertTrue(FindingKeys.isLostMessage(FindingKeys.lostMessage(1, 0, 7)));
        assertTrue(FindingKeys.isTruncation(FindingKeys.truncation(1, site)));
    }

    @Test
    void framesAsAThreadPrintsThemBecomeSites() {
        assertEquals(new SiteRef("com.acme.Slow", "spin", "Slow.java", 21), SiteRef.ofFrame("com.acme.Slow.spin(Slow.java:21)"));
        assertEquals(new SiteRef("java.lang.Object", "wait", null, -1),
                SiteRef.ofFrame("java.base/java.lang.Object.wait(Native Method)"));
        assertEquals(new SiteRef("a.B", "c", "B.java", -1), SiteRef.ofFrame("a.B.c(B.java)"));
    }

    @Test
    void theStackAtTheCallIsWrittenOnlyWhenTaken() throws Exception {
        List<SiteRef> stack = List.of(new SiteRef("com.acme.Ring", "exchange", "Ring.java", 31),
                new SiteRef("com.acme.Ring", "main", "Ring.java", 12));
        JsonNode node = JSON.readTree(FindingFormat.json(sample("m"), stack));
        assertEquals(2, node.get("stack").size());
        assertEquals("exchange", node.get("stack").get(0).get("method").asText());
        assertEquals(12, node.get("stack").get(1).get("line").asInt());
        assertTrue(JSON.readTree(FindingFormat.json(sample("m"))).get("stack") == null);
    }

    @Test
    void theJsonLineCarriesEveryContractField() throws Exception {
        JsonNode node = JSON.readTree(FindingFormat.json(sample("plain")));
        assertEquals("deadlock", node.get("kind").asText());
        assertEquals("error", node.get("severity").asText());
        assertEquals(2, node.get("ranks").size());
        assertEquals("Comm.recv", node.get("op").asText());
        assertEquals("Ring.java", node.get("site").get("file").asText());
        assertEquals(31, node.get("site").get("line").asInt());
        assertEquals("com.acme.Ring", node.get("site").get("class").asText());
        assertEquals("main", node.get("site").get("method").asText());
        assertEquals(1, node.get("related").get(0).get("rank").asInt());
        assertEquals("plain", node.get("message").asText());
        assertEquals("finished", node.get("status").get(1).get("state").asText());
        assertTrue(node.get("status").get(1).get("site").get("file").isNull());
    }

    @Test
    void awkwardCharactersInMessagesStayValidJson() throws Exception {
        String nasty = "quote \" backslash \\ newline \n tab \t bell \u0007 unicode é";
        JsonNode node = JSON.readTree(FindingFormat.json(sample(nasty)));
        assertEquals(nasty, node.get("message").asText());
    }

    @Test
    void kindLabelsAreTheContractSpelling() {
        assertEquals("collective-mismatch", FindingKind.COLLECTIVE_MISMATCH.label());
        assertEquals("checker-fault", FindingKind.CHECKER_FAULT.label());
        assertEquals("binding-hazard", FindingKind.BINDING_HAZARD.label());
    }

    @Test
    void theSinkAppendsOneParsableLinePerFindingAndPrintsText(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        FindingSink sink = new FindingSink(dir.resolve("nested/report"), 3, new PrintStream(err, true,
                StandardCharsets.UTF_8));
        sink.report(sample("first"));
        sink.report(sample("second"));
        List<String> lines = Files.readAllLines(dir.resolve("nested/report/findings-rank3.jsonl"));
        assertEquals(2, lines.size());
        assertEquals("second", JSON.readTree(lines.get(1)).get("message").asText());
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("[MPIGuard] ERROR deadlock on ranks 0, 1: Comm.recv at Ring.java:31"), text);
        assertTrue(text.contains("rank 0: blocked Comm.recv at Ring.java:31 (thread main)"), text);
    }

    @Test
    void anUnwritableReportDirectoryIsSaidOnceAndFindingsStillReachStderr(@TempDir Path dir) throws Exception {
        Path blocker = dir.resolve("file");
        Files.writeString(blocker, "not a directory");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        FindingSink sink = new FindingSink(blocker, 0, new PrintStream(err, true, StandardCharsets.UTF_8));
        sink.report(sample("one"));
        sink.report(sample("two"));
        String text = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, text.split("cannot write", -1).length - 1, text);
        assertTrue(text.contains("two"));
    }
}
