package org.mpiguard.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code mpiguard run} with the launchers installed here other than mpirun (Open MPI's
 * mpiexec, a job script that calls java itself), and {@code mpiguard check} on the demo whose
 * bugs only the deep check finds, all from the unpacked distribution under real Open MPI.
 */
class LaunchersAndCheckTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DEMO = "org/mpiguard/programs/demo/";

    private static boolean hasDeadlockAt(Path report, int line) throws Exception {
        for (JsonNode f : JSON.readTree(report.resolve("mpiguard-report.json").toFile()).get("findings")) {
            if (f.get("kind").asText().equals("deadlock") && f.get("site").get("line").asInt() == line) {
                return true;
            }
        }
        return false;
    }

    @Test
    void mpiguardJavaOptsReachTheCommandsOwnJvmAfterItsDefaults() throws Exception {
        Installation.Result r = Installation.mpiguard(Files.createTempDirectory("mpiguard-opts"),
                List.of("--version"), 60, java.util.Map.of("MPIGUARD_JAVA_OPTS", "-Xmx123m -XshowSettings:vm"));
        assertEquals(0, r.exitCode(), r.toString());
        // the JVM's own report of its settings: the heap asked for, not the default quarter of memory
        assertTrue(r.stderr().contains("Max. Heap Size: 123.00M"), r.toString());
    }

    @Test
    void anMpiexecLineKeepsItsOptionsAndGetsTheAgent() throws Exception {
        Installation.Result r = Installation.mpiguard(List.of("run", "mpiexec", "--allow-run-as-root",
                "--oversubscribe", "-n", "2", "java", "-cp", Installation.programClassPath(),
                "org.mpiguard.programs.demo.HaloExchange"));
        assertEquals(86, r.exitCode(), r.toString());
        // Open MPI's mpiexec: its ranks start from the class-data archive, as env java (ArchivedStart)
        assertTrue(r.stderr().contains("[mpiguard] mpiexec --allow-run-as-root --oversubscribe -n 2 env java ")
                && r.stderr().contains(" -agentlib:instrument="), r.stderr());
        assertTrue(hasDeadlockAt(r.workDir().resolve("mpiguard-report"),
                Installation.lineOf(DEMO + "HaloExchange.java", "DEADLOCK-SITE")), r.toString());
    }

    @Test
    void aJobScriptThatCallsJavaThroughAWrapperGetsTheAgentFromTheEnvironment() throws Exception {
        Path work = Files.createTempDirectory("mpiguard-script");
        Path wrapper = work.resolve("run-java.sh");
        Files.writeString(wrapper, "#!/bin/sh\nexec java -cp " + Installation.programClassPath() + " \"$@\"\n");
        Path job = work.resolve("job.sh");
        Files.writeString(job, "#!/bin/sh\n# a batch script as a cluster runs it\nmpirun --allow-run-as-root"
                + " --oversubscribe -np 2 ./run-java.sh org.mpiguard.programs.demo.HaloExchange\n");
        assertTrue(wrapper.toFile().setExecutable(true) && job.toFile().setExecutable(true));
        Installation.Result r = Installation.mpiguard(work, List.of("run", "job.sh"), 180);
        assertEquals(86, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("[mpiguard] JAVA_TOOL_OPTIONS=-javaagent:"), r.stderr());
        assertTrue(hasDeadlockAt(work.resolve("mpiguard-report"),
                Installation.lineOf(DEMO + "HaloExchange.java", "DEADLOCK-SITE")), r.toString());
    }

    @Test
    void checkReportsOnlineAnalysedPredictedAndConfirmedFindingsInOneReport() throws Exception {
        Installation.Result r = Installation.mpiguard(List.of("check", "--budget", "5m", "--np", "3",
                "--allow-run-as-root", "--oversubscribe", "--", "java", "-cp", Installation.programClassPath(),
                "org.mpiguard.programs.demo.WorkerResults"));
        assertEquals(86, r.exitCode(), r.toString());
        String file = DEMO + "WorkerResults.java";
        assertTrue(r.stdout().contains("resource-leak        [run (online)]       Intracomm.dup at WorkerResults.java:"
                + Installation.lineOf(file, "LEAK-SITE")), r.stdout());
        // the analysis's warning of the race is merged into the replay's error, which owns the receive
        assertFalse(r.stdout().contains("message-race         [analysis]           Comm.recv at WorkerResults.java:"
                + Installation.lineOf(file, "RACE-SITE")), r.stdout());
        assertTrue(r.stdout().contains("predicted-deadlock   [prediction]         Comm.send at WorkerResults.java:"
                + Installation.lineOf(file, "PREDICTED-SITE")), r.stdout());
        assertTrue(r.stdout().contains("ERROR   message-race         [replay (confirmed)] Comm.recv at"
                + " WorkerResults.java:" + Installation.lineOf(file, "RACE-SITE")), r.stdout());
        Set<Integer> reporters = new HashSet<>();
        for (JsonNode f : JSON.readTree(r.workDir().resolve("mpiguard-report/mpiguard-report.json").toFile())
                .get("findings")) {
            reporters.add(f.get("reportedBy").asInt());
        }
        assertTrue(reporters.containsAll(Set.of(0, -3, -2)), "the ranks', the analysis's and explore's, in one report: "
                + reporters);
    }

    @Test
    void checkOfAJobThatFailsWithoutAnErrorEndsWithTheJobsOwnStatus() throws Exception {
        Installation.Result r = Installation.mpiguard(List.of("check", "--budget", "2m", "--np", "2",
                "--allow-run-as-root", "--oversubscribe", "--", "java", "-cp", Installation.programClassPath(),
                "org.mpiguard.programs.correct.ExitCode"));
        assertEquals(3, r.exitCode(), "the program's System.exit(3), not a success\n" + r);
        assertTrue(r.stdout().contains("MPIGuard deep check: 0 error(s)"), r.stdout());
        assertTrue(r.stdout().contains("the traced run ended with status 3"), r.stdout());
    }

    /** A hang no check explains: the check says the run was stopped at its budget, and never ends in success. */
    @Test
    void checkOfAJobThatHangsUntilTheBudgetSaysSoAndFails() throws Exception {
        Installation.Result r = Installation.mpiguard(List.of("check", "--budget", "15s", "--np", "4",
                "--allow-run-as-root", "--oversubscribe", "--", "java", "-cp", Installation.programClassPath(),
                "org.mpiguard.programs.collective.IntercommBcastNoRoot"));
        assertTrue(r.exitCode() != 0, r.toString());
        assertTrue(r.stdout().contains("the traced run was still running when the budget of 15.0 s ran out, and was"
                + " stopped"), r.stdout());
    }

    @Test
    void checkFindsNoErrorInTheTwinAndItsReplayShowsTheRaceHarmless() throws Exception {
        Installation.Result r = Installation.mpiguard(List.of("check", "--budget", "5m", "--np", "3",
                "--allow-run-as-root", "--oversubscribe", "--", "java", "-cp", Installation.programClassPath(),
                "org.mpiguard.programs.demo.WorkerResults", "twin"));
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stdout().contains("MPIGuard deep check: 0 error(s)"), r.stdout());
        assertTrue((r.stdout() + r.stderr()).contains("were those of the observed schedule"), "the race was replayed\n" + r);
    }
}
