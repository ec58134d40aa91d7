package org.mpiguard.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.cli.CommandExitCodes;
import org.mpiguard.cli.Mpiguard;
import org.mpiguard.core.options.Options;
import picocli.CommandLine;

/** The command's parsing and errors, without starting a job. */
class RunCommandTest {

    @TempDir
    Path dir;

    private record Outcome(int code, String out, String err) {
    }

    private static Outcome run(String... args) {
        CommandLine cmd = Mpiguard.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        int code = cmd.execute(args);
        return new Outcome(code, out.toString(), err.toString());
    }

    @Test
    void everyAgentOptionIsAFlagOfTheSameName() {
        CommandLine.Model.CommandSpec spec = Mpiguard.commandLine().getSubcommands().get("run").getCommandSpec();
        for (String key : Options.documentation().keySet()) {
            assertNotNull(spec.findOption("--" + key), key);
        }
    }

    @Test
    void everyCommandHasHelp() {
        for (String[] args : new String[][] {{"--help"}, {"run", "--help"}, {"check", "--help"}, {"report", "--help"},
            {"help", "run"}}) {
            Outcome o = run(args);
            assertEquals(0, o.code, String.join(" ", args));
            assertTrue(o.out.startsWith("Usage: mpiguard"), o.out);
        }
        assertTrue(run("run", "--help").out.contains("--livelock-timeout=LIVELOCK_TIMEOUT"));
        assertTrue(run("--help").out.contains("Exit codes:"));
    }

    @Test
    void shellCompletionIsGenerated() {
        Outcome o = run("generate-completion");
        assertEquals(0, o.code);
        assertTrue(o.out.contains("complete -F"), "a bash completion script");
        assertTrue(o.out.contains("--stack-depth"));
    }

    @Test
    void aBadAgentValueStopsBeforeAnyRankStartsWithTheAgentsOwnMessage() {
        Outcome o = run("run", "--timeout", "soon", "--", "java", "-cp", "x", "Main");
        assertEquals(CommandExitCodes.USAGE, o.code);
        assertTrue(o.err.contains("invalid value 'soon' for option 'timeout'"), o.err);
        assertFalse(o.err.contains("Exception") || o.err.contains("\tat "), o.err);
    }

    @Test
    void anUnknownMpiguardOptionBeforeTheJobIsTakenAsTheJobAndRefused() {
        Outcome o = run("run", "--bogus", "x");
        assertEquals(CommandExitCodes.USAGE, o.code);
        assertTrue(o.err.startsWith("mpiguard: "), o.err);
    }

    @Test
    void runDeepIsTheDeepCheckWithTheSameWords() {
        Outcome o = run("run", "--deep", "--budget", "2s", "--", "java", "-cp", "x", "Main");
        assertEquals(CommandExitCodes.USAGE, o.code);
        assertTrue(o.err.contains("--budget takes a duration of at least 10s"), "check read the words\n" + o.err);
    }

    @Test
    void aDryRunPrintsTheCommandAsAShellLineAndStartsNothing() throws Exception {
        Path jar = Files.createFile(dir.resolve("mpiguard-agent.jar"));
        Path fakeRun = dir.resolve("mpirun");
        Files.writeString(fakeRun, "#!/bin/sh\ntouch " + dir.resolve("started") + "\n");
        assertTrue(fakeRun.toFile().setExecutable(true));
        Outcome o = run("run", "--dry-run", "--class-archive", "off", "--agent-jar", jar.toString(), "--report", "/r",
                fakeRun.toString(), "-np", "2", "java", "-Dgreeting=hello world", "-cp", "a.jar", "Main", "it's");
        assertEquals(0, o.code, o.err);
        assertEquals(fakeRun + " -np 2 java '-Dgreeting=hello world' -cp a.jar -javaagent:" + jar + "=report=/r Main"
                + " 'it'\\''s'\n", o.out);
        assertFalse(Files.exists(dir.resolve("started")), "nothing was started");
    }

    @Test
    void aMissingMpirunIsSaidPlainly() {
        Outcome o = run("run", "--agent-jar", "/nonexistent.jar", "--", "/no/such/mpirun", "-np", "2", "java", "-cp",
                "x", "Main");
        assertEquals(CommandExitCodes.NOT_FOUND, o.code);
        assertTrue(o.err.contains("'/no/such/mpirun' was not found"), o.err);
    }

    @Test
    void aMissingAgentJarIsSaidPlainly() {
        Outcome o = run("run", "--agent-jar", dir.resolve("none.jar").toString(), "--", "java", "-cp", "x", "Main");
        assertEquals(CommandExitCodes.NOT_FOUND, o.code, o.err);
        assertTrue(o.err.contains("none.jar was not found"), o.err);
    }

    @Test
    void executablesAreLookedUpOnThePath() throws Exception {
        Path tool = Files.createFile(dir.resolve("mpirun"));
        assertNull(Executables.find("mpirun", dir.toString()), "not executable");
        assertTrue(tool.toFile().setExecutable(true));
        assertEquals(tool, Executables.find("mpirun", "/nonexistent:" + dir));
        assertNull(Executables.find("mpirun", "/nonexistent"));
    }

    @Test
    void reportOfAMissingDirectoryIsNoInput() {
        Outcome o = run("report", dir.resolve("absent").toString());
        assertEquals(CommandExitCodes.NO_INPUT, o.code);
        assertTrue(o.err.contains("no report directory"), o.err);
    }
}
