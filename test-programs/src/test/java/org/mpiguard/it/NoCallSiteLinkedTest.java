package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * MPIGuard links no invokedynamic call site of its own while a program runs, traced or not:
 * no lambda, method reference or record equals/hashCode/toString on the paths a run takes
 * (calls, waits, the first warning, the watchdog's rounds over ranks that wait long, Finalize's
 * leak report and end-of-run analysis). Linking one costs tens
 * of milliseconds in a cold JVM, inside the program's time: the first binding-hazard warning
 * of mg cost it 48 ms of a 1.3 s kernel (docs/overhead.md). The JDK's own linkage (the module
 * system's under any agent, Instrumentation's) is not the checker's and is not counted.
 */
class NoCallSiteLinkedTest {

    private static final String LINKAGE = "-Djava.lang.invoke.MethodHandle.TRACE_METHOD_LINKAGE=true";

    @ParameterizedTest(name = "{0} at {1} ranks, options ''{2}''")
    @CsvSource({
        "correct.PointToPoint,     4, ''",
        "correct.Nonblocking,      4, ''",
        "correct.OneSided,         4, ''",
        "args.BindingHazardArgs,   2, ''",
        "leak.LeakEverything,      4, ''",
        "reqlife.LeftPending,      2, ''",
        "deadlock.HaloShiftFixed,  4, timeout=100ms",
        "correct.PointToPoint,     4, trace=on",
        "correct.Nonblocking,      4, trace=on",
        "correct.Collectives,      4, trace=on",
        "correct.SubCommunicators, 4, trace=on",
        "correct.OneSided,         4, trace=on",
    })
    void aRunLinksNoCallSiteOfTheChecker(String program, int ranks, String options) throws Exception {
        MpiRun.Result r = MpiRun.program(program).ranks(ranks).jvmArg(LINKAGE)
                .withAgent(options).run();
        assertFalse(r.timedOut(), r.toString());
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stdout().contains("linkCallSite "), "the linkage trace is on (the JDK links sites of its own)\n" + r);
        List<String> ours = r.stdout().lines().filter(l -> l.startsWith("linkCallSite org.mpiguard.")
                && !l.startsWith("linkCallSite org.mpiguard.programs.")).distinct().collect(Collectors.toList());
        assertEquals(List.of(), ours, "call sites of the checker linked during the run");
    }
}
