package org.mpiguard.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.cli.CliException;
import org.mpiguard.cli.ExitCodes;

class JobLineTest {

    private static final Path JAR = Path.of("/opt/mpiguard/lib/mpiguard-agent.jar");

    @Test
    void mpirunOptionsThenDashDashThenJava() {
        JobLine line = JobLine.parse(List.of("-np", "4", "--oversubscribe", "--", "java", "-Xmx1g", "-cp", "app.jar",
                "com.acme.Main", "arg"));
        assertEquals(List.of("mpirun", "-np", "4", "--oversubscribe", "java", "-javaagent:" + JAR + "=report=/r",
                "-Xmx1g", "-cp", "app.jar", "com.acme.Main", "arg"), line.withAgent(JAR, "report=/r"));
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
        assertUsage(List.of("-np", "2", "--"), "nothing after '--'");
        assertUsage(List.of("--", "java"), "names no main class");
    }

    @Test
    void anAgentTheLineAlreadyCarriesIsReplacedAndItsOptionsKept() {
        JobLine line = JobLine.parse(List.of("mpirun", "-np", "64", "java",
                "-javaagent:mpiguard-agent.jar=include=com.acme.*,timeout=2s", "-javaagent:other.jar=x",
                "-cp", "mpi.jar:app.jar", "com.acme.Main"));
        assertEquals("include=com.acme.*,timeout=2s", line.existingAgentOptions());
        assertEquals(List.of("mpirun", "-np", "64", "java", "-javaagent:" + JAR + "=report=/r",
                "-javaagent:other.jar=x", "-cp", "mpi.jar:app.jar", "com.acme.Main"), line.withAgent(JAR, "report=/r"));
        assertEquals("", JobLine.parse(List.of("--", "java", "Main", "x")).existingAgentOptions());
    }

    private static void assertUsage(List<String> words, String says) {
        CliException e = assertThrows(CliException.class, () -> JobLine.parse(words));
        assertEquals(ExitCodes.USAGE, e.exitCode());
        assertTrue(e.getMessage().contains(says), e.getMessage());
    }
}
