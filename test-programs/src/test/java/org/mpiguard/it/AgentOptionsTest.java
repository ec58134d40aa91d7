package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Bad options stop the JVM at start with a clear message; good ones reach the checker. */
class AgentOptionsTest {

    static final int BAD_OPTIONS_EXIT_CODE = 64;

    @Test
    void anUnknownKeyStopsEveryRankAtStartNamingTheKey() throws Exception {
        MpiRun.Result r = MpiRun.program("correct.PointToPoint").ranks(2).withAgent("bogus=1").run();
        assertEquals(BAD_OPTIONS_EXIT_CODE, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("unknown option 'bogus'"), r.stderr());
        assertTrue(r.stderr().contains("Valid keys: include, exclude, checks, timeout,"), r.stderr());
        for (String key : new String[] {"livelock-timeout", "on-error", "report"}) {
            assertTrue(r.stderr().contains(key), "names valid key " + key + "\n" + r.stderr());
        }
        assertTrue(r.stderr().contains(
                "Valid keys: include, exclude, checks, timeout, livelock-timeout, stall-timeout, on-error, report, binding-hazards,"
                        + " stack-depth, trace, trace-max, trace-analysis, trace-analysis-max, force-matches, sync-sends"),
                "every key, in the documented order\n" + r.stderr());
        assertTrue(r.stdout().isEmpty(), "main never ran");
        assertFalse(r.stderr().contains("Exception") || r.stderr().contains("\tat "), "no stack trace\n" + r.stderr());
    }

    @Test
    void aBadValueFromTheEnvironmentNamesTheKeyTheValueAndWhatIsValid() throws Exception {
        MpiRun.Result r = MpiRun.program("correct.PointToPoint").withAgent("")
                .env("MPIGUARD_OPTIONS", "timeout=forever").runSingleton();
        assertEquals(BAD_OPTIONS_EXIT_CODE, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("invalid value 'forever' for option 'timeout'"), r.stderr());
        assertTrue(r.stderr().contains("MPIGuard:"), r.stderr());
    }

    @Test
    void aBadSystemPropertyIsRejectedToo() throws Exception {
        MpiRun.Result r = MpiRun.program("correct.PointToPoint").withAgent("")
                .jvmArg("-Dmpiguard.on-error=explode").runSingleton();
        assertEquals(BAD_OPTIONS_EXIT_CODE, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("'on-error'") && r.stderr().contains("abort or continue"), r.stderr());
    }

    @Test
    void anExcludedPackageIsNotCheckedSoItsDeadlockGoesUnreported() throws Exception {
        MpiRun.Result r = MpiRun.program("deadlock.RecvRecvDeadlock").ranks(2)
                .withAgent("exclude=org.mpiguard.programs.deadlock.*").timeout(java.time.Duration.ofSeconds(10)).run();
        assertTrue(r.timedOut(), r.toString());
        assertTrue(Findings.read(r.reportDir()).isEmpty());
    }

    @Test
    void includeGlobsSelectWhatIsCheckedAndOptionsComeFromTheEnvironment() throws Exception {
        MpiRun.Result r = MpiRun.program("deadlock.RecvRecvDeadlock").ranks(2)
                .withAgent("include=org.mpiguard.programs.deadlock.*")
                .env("MPIGUARD_OPTIONS", "timeout=300ms").run();
        assertEquals(86, r.exitCode(), r.toString());
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEquals("deadlock", findings.get(0).get("kind").asText());
    }

    @Test
    void checksNoneTurnsDeadlockDetectionOff() throws Exception {
        MpiRun.Result r = MpiRun.program("deadlock.RecvRecvDeadlock").ranks(2).withAgent("checks=none")
                .timeout(java.time.Duration.ofSeconds(10)).run();
        assertTrue(r.timedOut(), r.toString());
        assertFalse(Files.exists(r.reportDir().resolve("findings-rank0.jsonl")));
    }
}
