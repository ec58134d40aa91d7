package org.mpiguard.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.cli.CliException;
import org.mpiguard.cli.CommandExitCodes;

class JobLineTest {

    private static final Path JAR = Path.of("/opt/mpiguard/lib/mpiguard-agent.jar");

    @Test
    void mpirunOptionsThenDashDashThenJava() {
        JobLine line = JobLine.parse(List.of("-np", "4", "--oversubscribe", "--", "java", "-Xmx1g", "-cp", "app.jar",
                "com.acme.Main", "arg"));
        assertEquals(List.of("mpirun", "-np", "4", "--oversubscribe", "java", "-Xmx1g", "-cp", "app.jar",
                "-javaagent:" + JAR + "=report=/r", "com.acme.Main", "arg"), line.withAgent(JAR, "report=/r"));
    }

    @Test
    void aWholeMpirunLineIsTakenUnchanged() {
        JobLine line = JobLine.parse(List.of("/usr/bin/mpirun", "--allow-run-as-root", "-np", "2", "-x", "FOO",
                "/usr/lib/jvm/bin/java", "-cp", "a:b", "Main"));
        assertEquals("/usr/bin/mpirun", line.launcher());
        assertEquals(List.of("--allow-run-as-root", "-np", "2", "-x", "FOO"), line.launcherArgs());
        assertEquals("/usr/lib/jvm/bin/java", line.java());
        assertEquals(List.of("-cp", "a:b", "Main"), line.javaArgs());
    }

    @Test
    void aLeadingDashDashBeforeAWholeLineAndJavaAloneAreAccepted() {
        assertEquals("mpiexec", JobLine.parse(List.of("--", "mpiexec", "-n", "2", "java", "Main")).launcher());
        JobLine alone = JobLine.parse(List.of("--", "java", "-cp", "x", "Main"));
        assertEquals("mpirun", alone.launcher());
        assertTrue(alone.launcherArgs().isEmpty());
    }

    @Test
    void whatIsNotAJobIsAUsageErrorThatSaysWhy() {
        assertUsage(List.of("-np", "2", "foo"), "found '-np'");
        assertUsage(List.of("mpirun", "-np", "2", "python3", "x.py"), "no java command");
        assertUsage(List.of("srun", "-n", "2", "./a.out"), "the srun line has no java command");
        assertUsage(List.of("-np", "2", "--"), "nothing after '--'");
        assertUsage(List.of("--", "java"), "names no main class");
    }

    @Test
    void anAgentTheLineAlreadyCarriesIsReplacedAndItsOptionsKept() {
        JobLine line = JobLine.parse(List.of("mpirun", "-np", "64", "java",
                "-javaagent:mpiguard-agent.jar=include=com.acme.*,timeout=2s", "-javaagent:other.jar=x",
                "-cp", "mpi.jar:app.jar", "com.acme.Main"));
        assertEquals("include=com.acme.*,timeout=2s", line.existingAgentOptions());
        assertEquals(List.of("mpirun", "-np", "64", "java", "-javaagent:other.jar=x", "-cp", "mpi.jar:app.jar",
                "-javaagent:" + JAR + "=report=/r", "com.acme.Main"), line.withAgent(JAR, "report=/r"));
        assertEquals("", JobLine.parse(List.of("--", "java", "Main", "x")).existingAgentOptions());
        // the library spelling (as mpiguard run --dry-run prints an archived start) is the same agent
        JobLine library = JobLine.parse(List.of("mpirun", "java", "-agentlib:instrument=lib/mpiguard-agent.jar=timeout=2s",
                "-agentlib:instrument=other.jar", "-cp", "app.jar", "Main"));
        assertEquals("timeout=2s", library.existingAgentOptions());
        assertEquals(List.of("mpirun", "java", "-agentlib:instrument=other.jar", "-cp", "app.jar",
                "-javaagent:" + JAR + "=report=/r", "Main"), library.withAgent(JAR, "report=/r"));
    }

    @Test
    void everyLauncherKeepsItsOwnOptionsAndGetsTheAgentAfterTheClassPath() {
        List<List<String>> lines = List.of(
                List.of("srun", "-N", "2", "--ntasks-per-node=4", "--mpi=pmix", "java", "-cp", "app.jar", "Main"),
                List.of("/opt/slurm/bin/srun", "--export=ALL", "java", "-cp", "app.jar", "Main"),
                List.of("prun", "-n", "8", "--map-by", "ppr:4:node", "java", "-cp", "app.jar", "Main"),
                List.of("mpiexec", "-n", "4", "-x", "LD_LIBRARY_PATH", "java", "-cp", "app.jar", "Main"),
                List.of("mpiexec.hydra", "-n", "4", "-ppn", "2", "-genv", "I_MPI_DEBUG", "5", "java", "-cp", "app.jar",
                        "Main"),
                List.of("mpirun.openmpi", "--oversubscribe", "-np", "2", "java", "-cp", "app.jar", "Main"),
                List.of("orterun", "-np", "2", "--", "java", "-cp", "app.jar", "Main"));
        for (List<String> words : lines) {
            JobLine line = JobLine.parse(words);
            int java = words.indexOf("java");
            List<String> expected = new java.util.ArrayList<>(words.subList(0, java));
            expected.remove("--");
            expected.addAll(List.of("java", "-cp", "app.jar", "-javaagent:" + JAR + "=report=/r", "Main"));
            assertEquals(expected, line.withAgent(JAR, "report=/r"), String.join(" ", words));
            assertFalse(line.throughEnvironment());
            assertTrue(line.environment(JAR, "report=/r", Map.of()).isEmpty());
        }
    }

    /**
     * Open MPI's launcher rewrites the word after the first one holding "cp" as the class path:
     * an agent flag whose path holds it must never come before the line's own class path.
     */
    @Test
    void anAgentPathHoldingCpNeverComesBeforeTheLinesClassPath() {
        Path cpJar = Path.of("/home/cpeters/mpiguard/lib/mpiguard-agent.jar");
        JobLine line = JobLine.parse(List.of("mpirun", "-np", "2", "java", "-Xss2m", "-classpath", "app.jar", "Main", "x"));
        assertEquals(List.of("mpirun", "-np", "2", "java", "-Xss2m", "-classpath", "app.jar",
                "-javaagent:" + cpJar + "=report=/r", "Main", "x"), line.withAgent(cpJar, "report=/r", null));
        // no class path on the line: java's own default, given first, is the word the launcher extends
        JobLine noClassPath = JobLine.parse(List.of("mpirun", "-np", "2", "java", "-jar", "app.jar"));
        assertEquals(List.of("mpirun", "-np", "2", "java", "-cp", ".", "-javaagent:" + cpJar, "-jar", "app.jar"),
                noClassPath.withAgent(cpJar, "", null));
        assertEquals(List.of("mpirun", "-np", "2", "java", "-cp", "/opt/lib/*", "-javaagent:" + JAR + "=report=/tcp",
                "Main"), JobLine.parse(List.of("mpirun", "-np", "2", "java", "Main")).withAgent(JAR, "report=/tcp",
                "/opt/lib/*"));
        // and a flag without "cp" needs nothing more
        assertEquals(List.of("mpirun", "java", "-javaagent:" + JAR, "-jar", "app.jar"),
                JobLine.parse(List.of("mpirun", "java", "-jar", "app.jar")).withAgent(JAR, "", null));
    }

    @Test
    void javaThroughEnvOrAFullPathIsStillTheJavaWord() {
        JobLine line = JobLine.parse(List.of("srun", "-n", "2", "env", "FOO=1", "/usr/lib/jvm/17/bin/java", "Main"));
        assertEquals(List.of("srun", "-n", "2", "env", "FOO=1", "/usr/lib/jvm/17/bin/java", "-javaagent:" + JAR,
                "Main"), line.withAgent(JAR, ""));
    }

    @Test
    void aJobScriptRunsAsWrittenWithTheAgentInJavaToolOptions(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("job.sh"), "#!/bin/sh\nsrun ./run-java.sh \"$@\"\n");
        assertTrue(script.toFile().setExecutable(true));
        JobLine line = JobLine.parse(List.of(script.toString(), "input.dat"));
        assertTrue(line.throughEnvironment());
        assertEquals(List.of(script.toString(), "input.dat"), line.withAgent(JAR, "report=/r"));
        assertEquals(Map.of(JobLine.JAVA_TOOL_OPTIONS, "-Xss2m -javaagent:" + JAR + "=report=/r"),
                line.environment(JAR, "report=/r", Map.of(JobLine.JAVA_TOOL_OPTIONS, "-Xss2m")));

        JobLine viaShell = JobLine.parse(List.of("bash", "job.sh"));
        assertEquals(List.of("bash", "job.sh"), viaShell.withAgent(JAR, ""));
        assertTrue(viaShell.throughEnvironment());

        JobLine wrapped = JobLine.parse(List.of("srun", "-n", "4", script.toString(), "x"));
        assertTrue(wrapped.throughEnvironment());
        assertEquals(List.of("srun", "-n", "4", script.toString(), "x"), wrapped.withAgent(JAR, ""));

        JobLine afterSeparator = JobLine.parse(List.of("-np", "2", "--", script.toString()));
        assertEquals(List.of("mpirun", "-np", "2", script.toString()), afterSeparator.withAgent(JAR, ""));
        assertEquals("-javaagent:" + JAR,
                afterSeparator.environment(JAR, "", Map.of()).get(JobLine.JAVA_TOOL_OPTIONS));
    }

    @Test
    void aJobScriptThatCannotRunIsRefusedWithWhatToDo(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("job.sh"), "#!/bin/sh\n");
        assertUsage(List.of(script.toString()), "chmod +x");
        Path spaced = Path.of("/opt/my tools/mpiguard-agent.jar");
        CliException e = assertThrows(CliException.class, () -> JobLine.parse(List.of("bash", "x.sh"))
                .environment(spaced, "", Map.of()));
        assertTrue(e.getMessage().contains("holds a space"), e.getMessage());
    }

    private static void assertUsage(List<String> words, String says) {
        CliException e = assertThrows(CliException.class, () -> JobLine.parse(words));
        assertEquals(CommandExitCodes.USAGE, e.exitCode());
        assertTrue(e.getMessage().contains(says), e.getMessage());
    }
}
