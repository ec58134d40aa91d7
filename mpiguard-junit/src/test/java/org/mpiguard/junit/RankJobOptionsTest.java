package org.mpiguard.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.report.FindingKind;

/** What a job is given and how its findings become a message, without starting one. */
class RankJobOptionsTest {

    private static final Path DIR = Path.of("/tmp/r");

    /** Annotations to read, never run (a nested class is not a test class of the build). */
    static class Fixtures {
        @MpiTest(ranks = 3, options = {"include=com.acme.*", "timeout=2s", "report=elsewhere"}, timeoutSeconds = 30)
        void annotated() {
        }

        @MpiTest(options = "stall-timeout=5s")
        void stallGiven() {
        }

        @MpiTest(options = "checks=deadlock,timeout=2s")
        void commaInOption() {
        }

        @MpiTest(threadLevel = ThreadSupport.MULTIPLE)
        void multiple() {
        }

        @MpiTest(init = false, threadLevel = ThreadSupport.SERIALIZED)
        void levelWithoutInit() {
        }
    }

    private static MpiTest annotation(String method) throws NoSuchMethodException {
        return Fixtures.class.getDeclaredMethod(method).getAnnotation(MpiTest.class);
    }

    private static RankJob job(String method) throws NoSuchMethodException {
        MpiSetup setup = new MpiSetup(Path.of("/usr/bin/mpirun"), Path.of("/a/mpiguard-agent.jar"), Path.of("/j/java"),
                "/t/classes");
        return new RankJob(setup, annotation(method), DIR);
    }

    @Test
    void theJobsOwnReportAStallBeforeTheLimitAndRankMainAmongTheIncludedClasses() throws Exception {
        assertEquals("include=com.acme.*:org.mpiguard.junit.RankMain,timeout=2s,stall-timeout=15s,report=/tmp/r",
                job("annotated").agentOptions());
        assertEquals("stall-timeout=5s,report=/tmp/r", job("stallGiven").agentOptions());
    }

    @Test
    void theCommandIsOversubscribedWithTheAgentFirstOnTheClassPath() throws Exception {
        List<String> command = job("annotated").command("com.acme.SolverTest", "converges");
        assertTrue(command.containsAll(List.of("--oversubscribe", "-np", "3")), command.toString());
        assertEquals("/a/mpiguard-agent.jar:/t/classes", command.get(command.indexOf("-cp") + 1));
        assertEquals(List.of(RankMain.class.getName(), "com.acme.SolverTest", "converges", "init", "/tmp/r"),
                command.subList(command.size() - 5, command.size()));
    }

    @Test
    void aThreadLevelIsPassedToTheRanksAsTheirInitArgument() throws Exception {
        List<String> command = job("multiple").command("com.acme.SolverTest", "converges");
        assertEquals("init-MULTIPLE", command.get(command.size() - 2));
        assertEquals("init", RankMain.initArgument(ThreadSupport.SINGLE), "SINGLE is MPI.Init, as before");
        assertEquals("no-init", job("levelWithoutInit").command("T", "m").get(command.size() - 2),
                "init = false: the test's own Init chooses (the extension refuses the pair before it gets here)");
    }

    @Test
    void fromTheArchiveTheRanksStartAsEnvJavaWithWhatTheLauncherWouldHaveAdded() throws Exception {
        ArchivedJava archived = new ArchivedJava(Path.of("/c/agent-1.jsa"), Path.of("/ompi/lib"),
                List.of(Path.of("/a/mpiguard-agent.jar"), Path.of("/m/mpi.jar")), Path.of("/w"));
        MpiSetup setup = new MpiSetup(Path.of("/usr/bin/mpirun"), Path.of("/a/mpiguard-agent.jar"), Path.of("/j/java"),
                "/t/classes", archived);
        RankJob job = new RankJob(setup, annotation("stallGiven"), DIR);
        List<String> command = job.command("com.acme.SolverTest", "converges");
        int env = command.indexOf("env");
        assertEquals(List.of("-np", "2"), command.subList(env - 2, env), "env is the command mpirun starts");
        assertEquals(List.of("env", "/j/java", "-Xlog:cds=off", "-XX:SharedArchiveFile=/c/agent-1.jsa",
                "-agentlib:instrument=/a/mpiguard-agent.jar=stall-timeout=5s,report=/tmp/r",
                "-Djava.library.path=/ompi/lib", "-cp",
                // the archive's jars lead, then what Open MPI makes of a java command's class path
                "/a/mpiguard-agent.jar:/m/mpi.jar:/w:/a/mpiguard-agent.jar:/t/classes",
                RankMain.class.getName(), "com.acme.SolverTest", "converges", "init", "/tmp/r"),
                command.subList(env, command.size()));
    }

    private static final String DEADLOCK = "{\"kind\":\"deadlock\",\"severity\":\"error\",\"ranks\":[0,1],"
            + "\"op\":\"Comm.recv\",\"site\":{\"class\":\"a.Ring\",\"method\":\"run\",\"file\":\"Ring.java\",\"line\":31},"
            + "\"related\":[{\"rank\":1,\"op\":\"Comm.recv\",\"site\":{\"class\":\"a.Ring\",\"method\":\"run\","
            + "\"file\":\"Ring.java\",\"line\":31}}],\"message\":\"Deadlock.\"}";

    private static RankJob.Outcome outcome(int exit, boolean timedOut, Map<Integer, String> failures) {
        return new RankJob.Outcome(List.of(), exit, timedOut, 1, Map.of(), Map.of(), failures, "mpirun said so");
    }

    @Test
    void errorsFailTheTestWithRanksAndLinesAndExpectedKindsPassIt() {
        JobFindings.Reported deadlock = JobFindings.parse(DEADLOCK);
        String message = JobVerdict.of(outcome(86, false, Map.of()), List.of(deadlock), new FindingKind[0], 60, DIR);
        assertTrue(message.startsWith("MPIGuard found 1 error(s):\n  deadlock (error) on ranks 0, 1 at Ring.java:31"
                + " (Comm.recv): Deadlock.\n      rank 1: Comm.recv at Ring.java:31"), message);
        assertNull(JobVerdict.of(outcome(86, false, Map.of()), List.of(deadlock), new FindingKind[] {FindingKind.DEADLOCK},
                60, DIR));
        assertNull(JobVerdict.of(outcome(0, false, Map.of()), List.of(), new FindingKind[0], 60, DIR));
        assertNull(JobFindings.parse("{\"kind\":\"dead"), "a line cut short by the job's end");
    }

    @Test
    void aJobThatFailsWithoutFindingsShowsWhatMpirunAndTheRanksSaid() {
        String message = JobVerdict.of(outcome(1, false, Map.of()), List.of(), new FindingKind[0], 60, DIR);
        assertTrue(message.contains("mpirun exited with 1; its output and the ranks' errors:\nmpirun said so"), message);
        String timedOut = JobVerdict.of(outcome(-1, true, Map.of()), List.of(), new FindingKind[0], 7, DIR);
        assertTrue(timedOut.contains("time limit of 7 s and was ended (MPIGuard reported nothing by then)"), timedOut);
    }

    @Test
    void aCommaInAnOptionIsRefusedPlainly() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, job("commaInOption")::agentOptions);
        assertTrue(e.getMessage().contains("one key=value each"), e.getMessage());
    }
}
