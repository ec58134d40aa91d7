package org.mpiguard.junit;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.AssertionFailedError;

/**
 * Runs an {@link MpiTest} method as an mpirun job under the MPIGuard agent instead of in the
 * test JVM, and turns what the ranks and MPIGuard reported into the test's outcome. Each
 * rank's output goes to the test's standard output and report entries; the job's report
 * directory (findings, each rank's files) is {@code target/mpiguard-tests/CLASS.METHOD}
 * ({@code build/} in a Gradle project; {@code -Dmpiguard.junit.reports=DIR} elsewhere).
 */
public final class MpiTestExtension implements ExecutionCondition, InvocationInterceptor {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(MpiTestExtension.class);

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (context.getTestMethod().isEmpty()) {
            return ConditionEvaluationResult.enabled("not a test method");
        }
        MpiSetup.Found found = setup(context);
        return found.setup() == null ? ConditionEvaluationResult.disabled("@MpiTest skipped: " + found.reason())
                : ConditionEvaluationResult.enabled("mpirun, the bindings and the agent are here");
    }

    /** Looked up once per test run, as every MPI test of the run needs the same. */
    private static MpiSetup.Found setup(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(MpiSetup.Found.class,
                k -> MpiSetup.find(), MpiSetup.Found.class);
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext context) throws Throwable {
        invocation.skip(); // the ranks run the body, not this JVM
        Method method = invocationContext.getExecutable();
        MpiTest test = method.getAnnotation(MpiTest.class);
        if (test == null) {
            throw new IllegalStateException("@MpiTest on an annotation of " + method + " is not supported; put it on"
                    + " the method");
        }
        if (test.ranks() < 1 || test.timeoutSeconds() < 1) {
            throw new IllegalArgumentException("@MpiTest needs ranks and timeoutSeconds of at least 1");
        }
        if (!test.init() && test.threadLevel() != ThreadSupport.SINGLE) {
            throw new IllegalArgumentException("@MpiTest(threadLevel = " + test.threadLevel() + ") needs init = true:"
                    + " with init = false the test's own MPI.Init or MPI.InitThread chooses the level");
        }
        MpiSetup setup = setup(context).setup();
        Class<?> type = invocationContext.getTargetClass();
        Path reportDir = reportsRoot().resolve(type.getName() + "." + method.getName());
        RankJob.Outcome job = new RankJob(setup, test, reportDir).run(type.getName(), method.getName());
        publish(job, context);
        List<JobFindings.Reported> findings = JobFindings.read(reportDir);
        String failure = JobVerdict.of(job, findings, test.expect(), test.timeoutSeconds(), reportDir.toAbsolutePath());
        if (failure != null) {
            throw new AssertionFailedError(failure);
        }
        findings.forEach(f -> System.out.println("[MPIGuard] " + f.describe()));
    }

    private static void publish(RankJob.Outcome job, ExtensionContext context) {
        List<String> shown = new ArrayList<>(job.command());
        int cp = shown.indexOf("-cp");
        if (cp >= 0 && cp + 1 < shown.size()) {
            shown.set(cp + 1, "<the agent and the test class path>"); // thousands of characters in a real build
        }
        System.out.println("[mpiguard-junit] " + String.join(" ", shown));
        System.out.print(JobVerdict.ranksOutput(job.stdout()));
        System.out.print(JobVerdict.ranksOutput(job.stderr()));
        System.out.flush();
        publish(job.stdout(), "stdout", context);
        publish(job.stderr(), "stderr", context);
    }

    /** A report entry per rank that wrote something (JUnit refuses blank ones). */
    private static void publish(Map<Integer, String> byRank, String stream, ExtensionContext context) {
        byRank.forEach((rank, text) -> {
            if (!text.isBlank()) {
                context.publishReportEntry("rank " + rank + " " + stream, text);
            }
        });
    }

    private static Path reportsRoot() {
        String given = System.getProperty("mpiguard.junit.reports");
        if (given != null && !given.isBlank()) {
            return Path.of(given);
        }
        boolean gradle = Files.isDirectory(Path.of("build")) && !Files.isDirectory(Path.of("target"));
        return Path.of(gradle ? "build" : "target", "mpiguard-tests");
    }
}
