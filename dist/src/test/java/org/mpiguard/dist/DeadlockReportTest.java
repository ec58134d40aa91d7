package org.mpiguard.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The bundled demo (a halo exchange that deadlocks on 4 ranks) through {@code mpiguard run}:
 * exit status, summary and files, then the HTML report opened in headless Chromium, its
 * rendered DOM checked and a screenshot kept under target/artifacts.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeadlockReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FILE = "org/mpiguard/programs/demo/HaloExchange.java";

    private Installation.Result run;
    private Path report;
    private int deadlockLine;

    @BeforeAll
    void runTheDemo() throws Exception {
        deadlockLine = Installation.lineOf(FILE, "// DEADLOCK-SITE");
        run = Installation.mpiguard(List.of("run", "--include", "org.mpiguard.programs.demo.*",
                "--source-path", Installation.PROGRAM_SOURCES.toString(),
                "--allow-run-as-root", "--oversubscribe", "-np", "4", "--",
                "java", "-cp", Installation.programClassPath(), "org.mpiguard.programs.demo.HaloExchange"));
        report = run.workDir().resolve("mpiguard-report");
    }

    @Test
    void theDeadlockMakesExitCode86AndASummaryNamingItsLine() {
        assertEquals(86, run.exitCode(), run.toString());
        assertTrue(run.stdout().contains("MPIGuard: 1 error, 0 warnings in 1 finding"), run.toString());
        assertTrue(run.stdout().contains("deadlock") && run.stdout().contains("HaloExchange.java:" + deadlockLine),
                run.toString());
        assertTrue(run.stdout().contains("Report:  " + report.resolve("mpiguard-report.html")), run.toString());
        assertTrue(run.stdout().contains("exit 86 because MPIGuard found an error"), run.toString());
    }

    @Test
    void theMergedJsonSarifAndDotAreWritten() throws Exception {
        JsonNode json = JSON.readTree(report.resolve("mpiguard-report.json").toFile());
        assertEquals(1, json.get("summary").get("errors").asInt());
        assertEquals(86, json.get("run").get("exitCode").asInt());
        JsonNode finding = json.get("findings").get(0);
        assertEquals("deadlock", finding.get("kind").asText());
        assertEquals(4, finding.get("status").size());
        for (JsonNode s : finding.get("status")) {
            assertEquals("blocked", s.get("state").asText());
            assertEquals("[" + (s.get("rank").asInt() + 3) % 4 + "]", s.get("waitsFor").toString(),
                    "each rank waits for its left neighbour");
        }
        JsonNode sarif = JSON.readTree(report.resolve("mpiguard-report.sarif").toFile());
        JsonNode location = sarif.get("runs").get(0).get("results").get(0).get("locations").get(0)
                .get("physicalLocation");
        assertEquals("test-programs/src/main/java/" + FILE, location.get("artifactLocation").get("uri").asText(),
                "relative to the repository");
        assertEquals(deadlockLine, location.get("region").get("startLine").asInt());
        String dot = Files.readString(report.resolve("deadlock-1.dot"));
        for (int r = 0; r < 4; r++) {
            assertTrue(dot.contains("r" + r + " -> r" + (r + 3) % 4 + " [color=\"#cc0000\""), dot);
        }
    }

    @Test
    void theHtmlReportRendersInHeadlessChromiumWithTheFindingTheGraphAndTheTimeline() throws Exception {
        Path html = report.resolve("mpiguard-report.html");
        Files.createDirectories(Installation.ARTIFACTS);
        Path screenshot = Installation.ARTIFACTS.resolve("deadlock-report.png");
        Files.deleteIfExists(screenshot);
        String dom = chromium(List.of("--dump-dom", html.toUri().toString()));
        assertTrue(dom.contains("class=\"finding sev-error\""), dom);
        assertTrue(dom.contains("<span class=\"kind\">deadlock</span>"));
        assertTrue(dom.contains("HaloExchange.java:" + deadlockLine));
        assertTrue(dom.contains("<span class=\"line hit\"><span class=\"no\">" + deadlockLine + "</span>"),
                "the source line of the call");
        assertTrue(dom.contains("<svg class=\"wait-graph\""));
        for (int r = 0; r < 4; r++) {
            assertTrue(dom.contains("class=\"edge cycle\" data-from=\"" + r + "\" data-to=\"" + (r + 3) % 4 + "\""), dom);
            assertTrue(dom.contains("<div class=\"tl-row\" data-rank=\"" + r + "\">"), "a timeline row per rank");
        }
        chromium(List.of("--screenshot=" + screenshot, "--window-size=1280,1900", html.toUri().toString()));
        assertTrue(Files.size(screenshot) > 20_000, "a real picture of the page: " + Files.size(screenshot) + " bytes");
    }

    private static String chromium(List<String> args) throws Exception {
        Path profile = Files.createTempDirectory("mpiguard-chromium");
        List<String> command = new ArrayList<>(List.of("chromium", "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile));
        command.addAll(args);
        Path out = profile.resolve("stdout.txt");
        Process p;
        try {
            p = new ProcessBuilder(command).redirectOutput(out.toFile())
                    .redirectError(profile.resolve("stderr.txt").toFile()).start();
        } catch (java.io.IOException e) {
            throw new AssertionError("chromium is not installed: run bash scripts/setup.sh", e);
        }
        assertTrue(p.waitFor(90, TimeUnit.SECONDS), "chromium finished");
        assertEquals(0, p.exitValue(), Files.readString(profile.resolve("stderr.txt")));
        return Files.readString(out);
    }
}
