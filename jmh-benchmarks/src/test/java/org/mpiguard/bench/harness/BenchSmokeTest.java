package org.mpiguard.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.bench.kernels.Kernels;

/**
 * The harness's smoke mode under real mpirun with the packaged agent: every kernel runs
 * at a tiny size plain and under the agent, verifies itself, and matches the plain run.
 * The full suite is {@code scripts/bench.sh}; this only proves it still runs.
 */
class BenchSmokeTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int harness(String... args) {
        List<String> all = new ArrayList<>(List.of(
                "--agent-jar", System.getProperty("mpiguard.agentJar"),
                "--mpi-jar", System.getProperty("mpiguard.mpiJar"),
                "--classes", System.getProperty("mpiguard.benchClasses")));
        all.addAll(List.of(args));
        return BenchHarness.run(all.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theTracedVariantRunsBesideTheDefaultOneAndTheStartUpStaysTheDefaultAgents() {
        int status = harness("--smoke", "--traced", "--kernels", "ep", "--timeout", "120");

        assertEquals(0, status, stdout() + stderr());
        assertTrue(stdout().contains("with trace=on: median ratio"), stdout());
        assertTrue(stdout().matches("(?s).*mpirun -np 4: +plain \\d+\\.\\d+ s, agent \\d+\\.\\d+ s.*"), stdout());
        assertFalse(stderr().contains("Exception"), stderr());
    }

    @Test
    void everyKernelRunsPlainAndUnderTheAgentAndGivesTheSameVerifiedResult() {
        int status = harness("--smoke", "--no-startup", "--timeout", "120");

        assertEquals(0, status, stdout() + stderr());
        for (String kernel : Kernels.names()) {
            assertTrue(stdout().matches("(?s).*\\| " + kernel + " +\\| +4 \\|[^\\n]*\\| same +\\|.*"),
                    kernel + " is missing or failed in:\n" + stdout() + stderr());
        }
        // the targets block: the call-heavy kernel's cost per call comes from the calls it reports
        assertTrue(stdout().contains("targets (issue 18)"), stdout());
        assertTrue(stdout().matches("(?s).*cg-calls at 4 ranks, \\(agent s - plain s\\) / 6004 calls per rank +-?\\d+ ns.*"),
                stdout());
        assertTrue(stdout().matches("(?s).*JMH sendRecv on COMM_SELF, agent on / off +n/a \\(not in --smoke\\).*"),
                stdout());
    }

    @Test
    void aBadArgumentIsAClearMessageAndStatusTwoNotAStackTrace() {
        int status = harness("--pairs", "zero");

        assertEquals(BenchHarness.USAGE, status);
        assertTrue(stderr().startsWith("bench: --pairs needs a whole number, got 'zero'"), stderr());
        assertFalse(stderr().contains("Exception"), stderr());
    }

    @Test
    void anUnknownKernelIsNamedWithTheValidOnes() {
        int status = harness("--kernels", "cg,lu");

        assertEquals(BenchHarness.USAGE, status);
        assertTrue(stderr().contains("unknown kernel 'lu'") && stderr().contains("jacobi1d-rma"), stderr());
    }
}
