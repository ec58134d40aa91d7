package org.mpiguard.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/** Runs the {@link PlantedBugs} through JUnit as a build would, and reads what the build would report. */
class MpiTestExtensionTest {

    private static final Path DEMO = Path.of("../test-programs/src/main/java/org/mpiguard/programs/demo/HaloExchange.java");
    private static final Path PLANTED = Path.of("src/test/java/org/mpiguard/junit/PlantedBugs.java");

    /** The outcome of one test as JUnit reported it: its result, or the reason it was skipped. */
    private record Ran(TestExecutionResult result, String skipped) {
    }

    private static Ran run(String method) {
        Map<String, Ran> outcomes = new ConcurrentHashMap<>();
        TestExecutionListener listener = new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                if (id.isTest()) {
                    outcomes.put("ran", new Ran(result, null));
                }
            }

            @Override
            public void executionSkipped(TestIdentifier id, String reason) {
                if (id.isTest()) {
                    outcomes.put("ran", new Ran(null, reason));
                }
            }
        };
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                .selectors(selectMethod(PlantedBugs.class, method)).build(), listener);
        Ran ran = outcomes.get("ran");
        assertNotNull(ran, method + " was not run");
        return ran;
    }

    private static String failureOf(String method) {
        Ran ran = run(method);
        assertNotNull(ran.result(), method + " was skipped: " + ran.skipped());
        assertEquals(TestExecutionResult.Status.FAILED, ran.result().getStatus(), method + " must fail");
        return ran.result().getThrowable().orElseThrow().getMessage();
    }

    private static int lineOf(Path file, String marker) throws IOException {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(marker)) {
                return i + 1;
            }
        }
        throw new AssertionError(marker + " not in " + file);
    }

    @Test
    void aPlantedDeadlockFailsTheTestWithTheFindingItsRanksAndLine() throws IOException {
        String message = failureOf("haloExchangeWithTheBugPlanted");
        assertTrue(message.contains("MPIGuard found 1 error(s):"), message);
        assertTrue(message.contains("deadlock (error) on ranks 0, 1 at HaloExchange.java:"
                + lineOf(DEMO, "DEADLOCK-SITE") + " (Comm.recv)"), message);
        assertTrue(message.contains("report directory: "), message);
    }

    @Test
    void aRanksFailedAssertionFailsTheTestNamingTheRankWithoutHanging() {
        String message = failureOf("rankOneDisagrees");
        assertTrue(message.contains("rank 1 failed: org.opentest4j.AssertionFailedError: the sum of the ranks"
                + " ==> expected: <42> but was: <1>"), message);
        assertTrue(!message.contains("rank 0 failed"), message);
    }

    @Test
    void anExpectedKindThatIsNotReportedFailsTheTest() {
        String message = failureOf("expectsADeadlockThatIsNotThere");
        assertTrue(message.startsWith("expected MPIGuard to report deadlock, but it reported nothing"), message);
    }

    @Test
    void aHangOutsideMpiEndsAtTheTimeLimitWithTheStallFinding() throws IOException {
        long start = System.nanoTime();
        String message = failureOf("rankZeroNeverComesBack");
        assertTrue((System.nanoTime() - start) / 1_000_000_000L < 40, "ended near its 12 s limit");
        assertTrue(message.contains("was still running after its time limit of 12 s"), message);
        assertTrue(message.contains("stall (") && message.contains("PlantedBugs.java:"
                + lineOf(PLANTED, "STALL-SITE")), message);
    }

    @Test
    void aBodyCallingMpiOnAnotherThreadIsWarnedOfAtTheDefaultLevelAndNotAtThreadMultiple() throws IOException {
        Ran single = run("barrierOnJUnitsThreadAtTheDefaultLevel");
        assertNotNull(single.result(), "skipped: " + single.skipped());
        assertEquals(TestExecutionResult.Status.SUCCESSFUL, single.result().getStatus(),
                "the warning expected at THREAD_SINGLE: " + single.result().getThrowable());
        Path reportDir = Path.of("target/mpiguard-tests/" + PlantedBugs.class.getName()
                + ".barrierOnJUnitsThreadAtTheDefaultLevel");
        List<JobFindings.Reported> findings = JobFindings.read(reportDir);
        String described = findings.isEmpty() ? "nothing" : findings.get(0).describe();
        String site = "PlantedBugs.java:" + lineOf(PLANTED, "THREAD-SITE") + " (Comm.barrier)";
        assertTrue(!findings.isEmpty() && findings.stream().allMatch(f -> f.describe().contains(
                "invalid-argument (warning)") && f.describe().contains(site)), described);
        // at THREAD_MULTIPLE the same body draws no finding, and its queryThread assertion passes
        String message = failureOf("barrierOnJUnitsThreadAtMultiple");
        assertTrue(message.startsWith("expected MPIGuard to report invalid-argument, but it reported nothing"), message);
        assertTrue(!message.contains("failed:"), "no rank failed (MPI provided THREAD_MULTIPLE): " + message);
    }

    @Test
    void aThreadLevelWithoutInitIsRefusedWithTheReason() {
        String message = failureOf("threadLevelWithoutInit");
        assertTrue(message.contains("needs init = true"), message);
    }

    @Test
    void withoutMpirunTheTestIsSkippedWithTheReason() {
        String before = System.getProperty("mpiguard.mpirun");
        System.setProperty("mpiguard.mpirun", "/no/such/mpirun");
        try {
            Ran ran = run("rankOneDisagrees");
            assertNotNull(ran.skipped(), "skipped, not failed: " + ran.result());
            assertTrue(ran.skipped().contains("mpirun was not found"), ran.skipped());
        } finally {
            if (before == null) {
                System.clearProperty("mpiguard.mpirun");
            } else {
                System.setProperty("mpiguard.mpirun", before);
            }
        }
    }
}
