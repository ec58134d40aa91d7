package org.mpiguard.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code mpiguard run} from the unpacked distribution on programs of test-programs under
 * real mpirun: the exit status, the summary and the files it leaves.
 */
class MpiguardRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theCorrectTwinExitsZeroWithAReportOfNoFindings() throws Exception {
        Installation.Result r = Installation.mpiguard(List.of("run", "--include", "org.mpiguard.programs.demo.*",
                "--allow-run-as-root", "--oversubscribe", "-np", "4", "--",
                "java", "-cp", Installation.programClassPath(), "org.mpiguard.programs.demo.HaloExchangeFixed"));
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stdout().contains("total heat after 100 steps"), "the program's output is streamed\n" + r);
        assertTrue(r.stdout().contains("MPIGuard: no findings."), r.toString());
        assertTrue(r.stdout().contains("mpiguard: the job exited with 0"), r.toString());
        Path report = r.workDir().resolve("mpiguard-report");
        JsonNode json = JSON.readTree(report.resolve("mpiguard-report.json").toFile());
        assertEquals(0, json.get("summary").get("findings").asInt());
        assertTrue(Files.readString(report.resolve("mpiguard-report.html")).contains("No findings"));
        assertTrue(Files.exists(report.resolve("mpiguard-report.sarif")));
    }

    @Test
    void theWholeMpirunLineIsTakenUnchangedEvenWithTheAgentAlreadyInItAndTheProgramsStatusKept() throws Exception {
        Installation.Result r = Installation.mpiguard(List.of("run", "--report", "out/checks",
                "mpirun", "--allow-run-as-root", "--oversubscribe", "-np", "2",
                "java", "-javaagent:mpiguard-agent.jar=include=org.mpiguard.programs.correct.*",
                "-cp", Installation.programClassPath(), "org.mpiguard.programs.correct.ExitCode"));
        assertEquals(3, r.exitCode(), "the program's own status when nothing is wrong\n" + r);
        assertTrue(r.stdout().contains("MPIGuard: no findings."), r.toString());
        assertTrue(Files.exists(r.workDir().resolve("out/checks/mpiguard-report.html")), "--report is the directory");
        // started from the class-data archive, the agent is given as the library -javaagent stands for
        assertTrue(r.stderr().contains("-agentlib:instrument=" + Installation.HOME.resolve("lib/mpiguard-agent.jar")),
                "the agent from the installation's lib/\n" + r.stderr());
        assertTrue(r.stderr().contains("mpiguard-agent.jar=include=org.mpiguard.programs.correct.*,report="),
                "the options of the agent the line carried are kept\n" + r.stderr());
        assertEquals(1, r.stderr().split("-javaagent:|-agentlib:instrument=", -1).length - 1, "one agent only\n"
                + r.stderr());
    }

    @Test
    void errorsMakeExitCode86UnlessTheProgramsStatusIsKeptAndFindingsCarryTheStack() throws Exception {
        Installation.Result r = Installation.mpiguard(List.of("run", "--on-error", "continue", "--keep-exit-status",
                "--allow-run-as-root", "--oversubscribe", "-np", "2", "--",
                "java", "-cp", Installation.programClassPath(), "org.mpiguard.programs.args.PointToPointArgs"));
        assertEquals(0, r.exitCode(), "--keep-exit-status: the program's 0\n" + r);
        assertTrue(r.stdout().matches("(?s).*MPIGuard: \\d+ errors.*"), r.toString());
        assertTrue(r.stdout().contains("invalid-argument"), r.toString());
        assertFalse(r.stdout().contains("; exit 86"), r.toString());
        JsonNode findings = JSON.readTree(r.workDir().resolve("mpiguard-report/mpiguard-report.json").toFile())
                .get("findings");
        JsonNode stack = findings.get(0).get("stack");
        assertTrue(stack != null && stack.size() >= 2, findings.get(0).toString());
        assertTrue(stack.get(0).get("class").asText().startsWith("org.mpiguard.programs.args.PointToPointArgs"),
                "the stack starts at the user's call, not in the checker\n" + stack);
        boolean main = false;
        for (JsonNode frame : stack) {
            main |= frame.get("method").asText().equals("main")
                    && frame.get("class").asText().equals("org.mpiguard.programs.args.PointToPointArgs");
        }
        assertTrue(main, "and goes out to main\n" + stack);
    }

    /**
     * Every rank takes the agent's classes from the class-data archive (the JVM's own log says
     * where each class came from), and finds what it finds without one: the demo's deadlock at
     * both ranks' lines. Off, the line is started as written.
     */
    @Test
    void theRanksStartFromAClassDataArchiveOfTheAgentAndFindTheSame() throws Exception {
        Path work = Files.createTempDirectory("mpiguard-dist");
        Installation.Result r = Installation.runDemoLoggingClassLoads(work, 4, "HaloExchange");
        assertEquals(86, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains(" env java -Xlog:cds=off -XX:SharedArchiveFile="), r.stderr());
        List<Path> logs = Installation.classLoadLogs(work);
        assertEquals(4, logs.size(), "one log per rank: " + logs);
        for (Path log : logs) {
            String loaded = Files.readString(log);
            assertTrue(loaded.contains("org.mpiguard.agent.MpiGuardAgent source: shared objects file"), log.toString());
            // the agent given as the instrumentation library adds no root module: the graph comes from the archive
            assertTrue(loaded.contains("full module graph: enabled"), log.toString());
            assertTrue(loaded.contains("org.mpiguard.programs.demo.HaloExchange source: file:"), "the program's own"
                    + " classes from its class path\n" + log);
        }
        JsonNode deadlock = JSON.readTree(work.resolve("mpiguard-report/mpiguard-report.json").toFile())
                .get("findings").get(0);
        assertEquals("deadlock", deadlock.get("kind").asText(), deadlock.toString());
        int line = Installation.lineOf("org/mpiguard/programs/demo/HaloExchange.java", "// DEADLOCK-SITE");
        assertEquals(line, deadlock.get("site").get("line").asInt(), deadlock.toString());

        Installation.Result off = Installation.mpiguard(List.of("run", "--class-archive", "off",
                "--allow-run-as-root", "--oversubscribe", "-np", "2", "--",
                "java", "-cp", Installation.programClassPath(), "org.mpiguard.programs.correct.ExitCode"));
        assertEquals(3, off.exitCode(), off.toString());
        assertTrue(off.stderr().contains("-np 2 java -cp " + Installation.programClassPath() + " -javaagent:"),
                "the agent after the line's class path\n" + off.stderr());
        assertFalse(off.stderr().contains("SharedArchiveFile"), off.stderr());
    }

    /**
     * Started from the archive, a rank's JVM gets the agent's JIT directives as with the bare
     * flag, once, and its output holds the program's lines only (given as a file on the command
     * line, the JVM would print "3 compiler directives added" there).
     */
    @Test
    void theArchivedStartGetsTheAgentsJitDirectivesAndPrintsNothingOfItsOwn() throws Exception {
        Installation.Result r = Installation.mpiguard(List.of("run", "mpirun", "--allow-run-as-root", "-np", "1",
                "java", "-cp", Installation.programClassPath(), "org.mpiguard.programs.jit.PrintDirectives", "1500"));
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("-XX:SharedArchiveFile="), r.stderr());
        assertTrue(r.stdout().lines().filter(l -> !l.isBlank()).allMatch(l -> l.startsWith("Directive:")
                || l.startsWith("matching:") || l.contains("directives:") || l.startsWith("inline:") || l.startsWith("Enable:")
                || l.startsWith("MPIGuard:") || l.startsWith("Report:") || l.startsWith("  ") || l.startsWith("mpiguard:")),
                "the program's own lines and the summary only\n" + r.stdout());
        long directives = r.stdout().lines().filter(l -> l.startsWith("Directive:")).count();
        assertEquals(3, directives, "the agent's two and the JVM's default\n" + r.stdout());
        assertTrue(r.stdout().lines().anyMatch(l -> l.startsWith("matching:")
                && l.contains("org/mpiguard/core/activity/ThreadActivity.enter")), r.stdout());
        assertFalse(r.stdout().lines().anyMatch(l -> l.startsWith("matching:") && l.contains("org/mpiguard/core/trace/")),
                "the recording path has no directive of its own\n" + r.stdout());
        assertTrue(r.stdout().contains("-org/mpiguard/advice/*.*"), "the checker kept out of the program\n" + r.stdout());
    }

    /**
     * Open MPI's launcher takes the first word after java holding "cp" for the class path option
     * and rewrites the word after it: an agent flag put before the line's -cp whose report path
     * held "cp" turned that -cp into WORKDIR:-cp:mpi.jar, and no rank found its main class.
     */
    @Test
    void aReportPathHoldingCpLeavesTheLinesClassPathToTheLauncher() throws Exception {
        for (String start : List.of("off", "on")) {
            Installation.Result r = Installation.mpiguard(List.of("run", "--class-archive", start, "--report",
                    "tcp-checks/cp", "--allow-run-as-root", "--oversubscribe", "-np", "2", "--",
                    "java", "-cp", Installation.programClassPath(), "org.mpiguard.programs.correct.ExitCode"));
            assertEquals(3, r.exitCode(), "the program ran and kept its status (class archive " + start + ")\n" + r);
            assertTrue(r.stdout().contains("MPIGuard: no findings."), r.toString());
            assertTrue(Files.exists(r.workDir().resolve("tcp-checks/cp/mpiguard-report.html")), r.toString());
        }
    }

    @Test
    void aBadAgentOptionIsRefusedBeforeMpirunStarts() throws Exception {
        Installation.Result r = Installation.mpiguard(List.of("run", "--checks", "everything", "--",
                "java", "-cp", Installation.programClassPath(), "org.mpiguard.programs.demo.HaloExchange"));
        assertEquals(64, r.exitCode(), r.toString());
        assertTrue(r.stderr().startsWith("mpiguard: invalid value 'everything' for option 'checks'"), r.stderr());
        assertFalse(r.stderr().contains("\tat "), "no stack trace");
        assertFalse(Files.exists(r.workDir().resolve("mpiguard-report")), "no job ran");
    }
}
