package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * scripts/transparency.sh, the harness that runs a directory of correct programs plain
 * and under the agent at 2 and 4 ranks: on the project's own correct programs it finds
 * every one unchanged (exit code, every rank's stdout and stderr, no finding), and it
 * does tell a program the agent changes (one that gets warnings) from one it does not.
 */
class TransparencyHarnessTest {

    private static final Path SCRIPT = Path.of("../scripts/transparency.sh");
    private static final String CORRECT = "org/mpiguard/programs/correct";

    private record Harness(int exitCode, String output) {
    }

    private static Harness harness(String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("bash", SCRIPT.toString(), "--agent",
                MpiRun.AGENT_JAR.toAbsolutePath().toString()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("transparency", ".md");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
        pb.environment().put("MPI_JAR", MpiRun.MPI_JAR.toAbsolutePath().toString());
        Process p = pb.start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(15, TimeUnit.MINUTES), "the harness finished");
        return new Harness(p.exitValue(), MpiRun.text(out));
    }

    @Test
    void everyCorrectProgramOfTheProjectIsUnchangedByTheAgentAtTwoAndFourRanks() throws Exception {
        Harness h = harness(MpiRun.CLASSES.toString(), CORRECT);
        assertEquals(0, h.exitCode(), h.output());
        List<String> programs;
        try (Stream<Path> files = Files.list(MpiRun.CLASSES.resolve(CORRECT))) {
            programs = files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".class") && !n.contains("$"))
                    .map(n -> n.substring(0, n.length() - ".class".length())).sorted().toList();
        }
        assertTrue(programs.size() >= 11, programs.toString());
        for (String program : programs) {
            String row = h.output().lines().filter(l -> l.startsWith("| org.mpiguard.programs.correct." + program + " |"))
                    .findFirst().orElse("");
            assertTrue(row.matches("\\| \\S+ \\| same \\(exit \\d+\\) \\| same \\(exit \\d+\\) \\|"),
                    program + ": " + row + "\n" + h.output());
        }
        assertTrue(h.output().contains("0 of " + programs.size() + " program(s) differ under the agent"), h.output());
    }

    @Test
    void argumentsReachEveryRunOfTheProgram() throws Exception {
        Path work = Files.createTempDirectory("transparency-args");
        Harness h = harness("--ranks", "2", "--only", "LaunchCommand", "--args", "16 halo", "--work", work.toString(),
                MpiRun.CLASSES.toString(), CORRECT);
        assertEquals(0, h.exitCode(), h.output());
        assertTrue(h.output().contains("| org.mpiguard.programs.correct.LaunchCommand | same (exit 0) |"), h.output());
        for (String run : List.of("plain", "agent")) {
            Path stdout = work.resolve("org.mpiguard.programs.correct.LaunchCommand/np2/" + run + "/stdout");
            assertTrue(MpiRun.text(stdout).contains("argv 16 halo"), run + ": " + MpiRun.text(stdout));
        }
    }

    @Test
    void theEndOfRunAnalysisFindingsOfATracedRunAreCounted() throws Exception {
        Harness h = harness("--ranks", "4", "--agent-options", "trace=on", "--only", "ProbeThenReceive", "--args",
                "unread", MpiRun.CLASSES.toString(), "org/mpiguard/programs/trace");
        assertEquals(1, h.exitCode(), "a warning is not silence\n" + h.output());
        assertTrue(h.output().matches("(?s).*\\| org\\.mpiguard\\.programs\\.trace\\.ProbeThenReceive \\| warned \\(exit 0,"
                + "[^|]*0 error\\(s\\), [1-9]\\d* warning\\(s\\): [1-9]\\d* message-race;.*"), h.output());
    }

    @Test
    void aProgramTheAgentWarnsAboutIsToldApartFromAnUnchangedOne() throws Exception {
        Harness h = harness("--ranks", "2", "--only", "PortabilityArgs", MpiRun.CLASSES.toString(),
                "org/mpiguard/programs/args");
        assertEquals(1, h.exitCode(), "a warning is not silence\n" + h.output());
        assertTrue(h.output().contains("| org.mpiguard.programs.args.PortabilityArgs | warned (exit 0, output the same"
                + " but for MPIGuard's lines): 0 error(s), "), h.output());
        assertTrue(h.output().contains("| org.mpiguard.programs.args.PortabilityArgsFixed | same (exit 0) |"),
                h.output());
        assertTrue(h.output().contains("0 of 2 program(s) differ under the agent"), h.output());
        assertTrue(h.output().contains("1 program(s) only warned"), h.output());
    }

    @Test
    void aProgramTheAgentAbortsIsDifferentWithItsErrorsCounted() throws Exception {
        Harness h = harness("--ranks", "2", "--only", "PointToPointArgs$", MpiRun.CLASSES.toString(),
                "org/mpiguard/programs/args");
        assertEquals(1, h.exitCode(), h.output());
        assertTrue(h.output().matches("(?s).*\\| org\\.mpiguard\\.programs\\.args\\.PointToPointArgs \\| different: exit \\d+->86"
                + "[^|]*, [1-9]\\d* error\\(s\\).*"), h.output());
        assertTrue(h.output().contains("1 of 1 program(s) differ under the agent"), h.output());
    }

    @Test
    void timingsExcuseOnlyThemselvesAndACallAfterFinalizeFailsAsWithoutTheChecker() throws Exception {
        Harness h = harness("--ranks", "2", MpiRun.CLASSES.toString(), "org/mpiguard/programs/transparency");
        assertEquals(1, h.exitCode(), h.output());
        assertTrue(h.output().contains("| org.mpiguard.programs.transparency.TimedWarning | warned (exit 0, output the"
                + " same but for MPIGuard's lines and what two plain runs differ in too: stdout[0] stdout[1]): 0 error(s),"
                + " 2 warning(s): 2 resource-leak;"), h.output());
        assertTrue(h.output().matches("(?s).*\\| org\\.mpiguard\\.programs\\.transparency\\.TimedError \\| different: exit"
                + " \\d+->86 [^|]*1 error\\(s\\)[^|]*\\[buf\\.overflow\\][^|]*\\(two plain runs differ too: [^|]*\\) \\|.*"),
                h.output());
        assertTrue(h.output().contains("| org.mpiguard.programs.transparency.CallAfterFinalizeTrace | warned (exit 0,"
                + " output the same but for MPIGuard's lines): 0 error(s), 4 warning(s): 4 [env.after-finalize];"),
                h.output());
        assertTrue(h.output().contains("1 of 3 program(s) differ under the agent"), h.output());
        assertTrue(h.output().contains("2 program(s) only warned"), h.output());
    }
}
