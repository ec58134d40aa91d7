package org.mpiguard.cli.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.cli.CliException;
import org.mpiguard.cli.CommandExitCodes;

class CheckArgsTest {

    @Test
    void checksOwnOptionsAreTakenAndMpiguardsPassedToRunAndExplore() {
        CheckArgs args = CheckArgs.parse(List.of("--budget", "5m", "--include", "com.acme.*", "--np=4",
                "--source-path", "src", "--keep-exit-status", "--report", "out/r", "--max-replays", "3",
                "--oversubscribe", "--", "java", "-cp", "app.jar", "Main"));
        assertEquals(Duration.ofMinutes(5), args.budget());
        assertEquals(3, args.maxReplays());
        assertEquals(List.of("--include", "com.acme.*", "--source-path", "src", "--keep-exit-status", "--report",
                "out/r"), args.options());
        assertEquals(List.of("--include", "com.acme.*", "--report", "out/r"), args.exploreOptions());
        assertEquals("out/r", args.reportDir());
        assertEquals(List.of("-np", "4", "--oversubscribe", "--", "java", "-cp", "app.jar", "Main"), args.job());
    }

    @Test
    void theClassArchiveSwitchGoesToRunAndToExploreNotIntoTheJob() {
        CheckArgs args = CheckArgs.parse(List.of("--class-archive", "off", "--np", "2", "--", "java", "Main"));
        assertEquals(List.of("--class-archive", "off"), args.options());
        assertEquals(List.of("--class-archive", "off"), args.exploreOptions());
        assertEquals(List.of("-np", "2", "--", "java", "Main"), args.job());
        assertEquals(List.of("--class-archive", "on"), CheckArgs.parse(List.of("--class-archive=on", "mpirun", "java",
                "Main")).options());
    }

    @Test
    void npBeforeJavaAloneMakesTheMpirunForm() {
        assertEquals(List.of("-np", "2", "--", "java", "Main"), CheckArgs.parse(List.of("--np", "2", "--", "java",
                "Main")).job());
        assertEquals(List.of("mpirun", "-np", "2", "java", "Main"), CheckArgs.parse(List.of("mpirun", "-np", "2",
                "java", "Main")).job(), "a whole line is left as it is");
        assertEquals(CheckArgs.DEFAULT_BUDGET, CheckArgs.parse(List.of("java", "Main")).budget());
    }

    @Test
    void badWordsAreUsageErrorsThatSayWhy() {
        assertUsage(List.of("--budget", "soon", "java", "Main"), "--budget takes a duration");
        assertUsage(List.of("--budget", "2s", "java", "Main"), "at least 10s");
        assertUsage(List.of("--np", "0", "java", "Main"), "--np takes a whole number");
        assertUsage(List.of("--trace", "on", "java", "Main"), "remove --trace");
        assertUsage(List.of("--include"), "--include needs a value");
        assertUsage(List.of("--class-archive", "maybe", "java", "Main"), "--class-archive takes on or off");
        assertUsage(List.of("--budget", "1m"), "no job given");
        assertUsage(List.of("--np", "2", "srun", "-n", "2", "java", "Main"), "gives its own rank count");
    }

    @Test
    void replaysGetWhatTheBudgetLeftEachAFewRunsLong() {
        CheckSteps steps = new CheckSteps(Duration.ofMinutes(10));
        steps.ran(Duration.ofSeconds(10));
        CheckSteps.Replays plan = steps.replays(Duration.ofMinutes(5), 8);
        assertEquals(Duration.ofSeconds(30), plan.timeout());
        assertEquals(8, plan.count(), "10 fit, the limit is 8");
        assertEquals(4, steps.replays(Duration.ofSeconds(150), 8).count(), "150 s: the observed schedule and 4");
        steps.ran(Duration.ofSeconds(1));
        assertEquals(Duration.ofSeconds(20), steps.replays(Duration.ofMinutes(5), 8).timeout(), "at least 20 s");
        assertNull(steps.replays(Duration.ofSeconds(30), 8), "not even the observed schedule and one alternative");
    }

    private static void assertUsage(List<String> words, String says) {
        CliException e = assertThrows(CliException.class, () -> CheckArgs.parse(words));
        assertEquals(CommandExitCodes.USAGE, e.exitCode());
        assertTrue(e.getMessage().contains(says), e.getMessage());
    }
}
