package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Every marked invalid argument is refused before it reaches MPI and reported at exactly
 * its line, with its check id, op and argument name; nothing else is reported; each
 * twin is silent; with on-error=abort the job ends at the first one with exit 86.
 */
class ArgumentCheckTest {

    static final String PKG = "args.";

    private static List<JsonNode> findingsAt(List<JsonNode> findings, CheckMarkers.Marker m) {
        return findings.stream()
                .filter(f -> f.get("site").get("file").asText().equals(m.file())
                        && f.get("site").get("line").asInt() == m.line())
                .collect(Collectors.toList());
    }

    /** Every marker reported with the kind and severity of its catalogue row, and nothing elsewhere. */
    static void assertEveryMarkerReported(List<JsonNode> findings, List<CheckMarkers.Marker> markers, String output)
            throws Exception {
        for (CheckMarkers.Marker m : markers) {
            List<JsonNode> at = findingsAt(findings, m);
            assertFalse(at.isEmpty(), "no finding at " + m + "\n" + output);
            for (JsonNode f : at) {
                String message = f.get("message").asText();
                assertEquals(m.id().startsWith("hazard.") ? "binding-hazard" : "invalid-argument",
                        f.get("kind").asText(), m.toString());
                assertEquals(ArgumentCheckCatalogueTest.severityOf(m), f.get("severity").asText(), m.toString());
                assertEquals(m.op(), f.get("op").asText(), m + ": " + message);
                assertTrue(message.startsWith("[" + m.id() + "] " + m.op() + ": argument '" + m.argument() + "' = "),
                        m + ": " + message);
                assertTrue(message.contains("valid: "), m + ": " + message);
                assertEquals("org.mpiguard.programs.args." + m.program(), f.get("site").get("class").asText());
            }
        }
        Set<Integer> marked = markers.stream().map(CheckMarkers.Marker::line).collect(Collectors.toSet());
        Set<String> stray = new TreeSet<>();
        for (JsonNode f : findings) {
            if (!marked.contains(f.get("site").get("line").asInt())) {
                stray.add(f.toString());
            }
        }
        assertTrue(stray.isEmpty(), "findings at unmarked lines: " + stray);
    }

    @ParameterizedTest(name = "{0}: every marked call is refused and reported at its line, and nothing else")
    @CsvSource({
        "PointToPointArgs, 2",
        "CollectiveArgs, 2",
        "HandleArgs, 2",
        "OneSidedArgs, 2",
        "EnvironmentArgs, 1",
        "PortabilityArgs, 2",
        "RememberedThenFreed, 2",
        "RememberedShapes, 2",
        "ThreadLevelArgs, 2",
        "ThreadOverlapArgs, 2",
    })
    void everyMarkedInvalidArgumentIsRefusedWithItsSiteIdAndArgumentName(String program, int ranks) throws Exception {
        MpiRun.Result r = MpiRun.program(PKG + program).ranks(ranks).withAgent("on-error=continue").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertFalse(r.stderr().contains("NOT REFUSED"), r.toString());
        assertFalse(r.stderr().contains("REFUSED A VALID CALL"), r.toString());
        assertFalse(r.stderr().contains("MPI_ERR"), "no call reached MPI's error handler\n" + r);
        List<CheckMarkers.Marker> markers = CheckMarkers.of(program);
        long refused = markers.stream().filter(CheckMarkers.Marker::refused).count();
        assertTrue(refused == 0 || r.stdout().contains("refused " + refused + "\n"), "every marked call refused\n" + r);
        assertEveryMarkerReported(Findings.read(r.reportDir()), markers, r.toString());
    }

    /**
     * The checks that need the window's own loads and stores, which only traces record:
     * reported at the marked fence, with the store as the other side; the twin is silent.
     */
    @Test
    void theAssertionChecksThatNeedTracesReportTheirMarkedCallsAndTheStore(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path traces) throws Exception {
        String program = "TracedOneSidedArgs";
        MpiRun.Result r = MpiRun.program(PKG + program).ranks(2)
                .withAgent("on-error=continue,trace=" + traces.resolve("bug")).run();
        assertEquals(0, r.exitCode(), r.toString());
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEveryMarkerReported(findings, CheckMarkers.of(program), r.toString());
        int store = SourceMarkers.line(PKG + program, "STORE-SITE");
        for (JsonNode f : findings) {
            assertEquals(store, f.get("related").get(0).get("site").get("line").asInt(), f.toString());
        }
        MpiRun.Result twin = MpiRun.program(PKG + program + "Fixed").ranks(2)
                .withAgent("trace=" + traces.resolve("twin")).run();
        assertEquals(0, twin.exitCode(), twin.toString());
        assertEquals(List.of(), Findings.read(twin.reportDir()), twin.toString());
        assertFalse(twin.stderr().contains("[MPIGuard]"), twin.stderr());
    }

    @Test
    void aWindowFreedInsideAnEpochNamesTheCallThatOpenedIt() throws Exception {
        String program = PKG + "OneSidedArgs";
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("on-error=continue").run();
        int free = CheckMarkers.of("OneSidedArgs").stream().filter(m -> m.id().equals("rma.free-in-epoch"))
                .findFirst().orElseThrow().line();
        JsonNode f = Findings.read(r.reportDir()).stream().filter(n -> n.get("site").get("line").asInt() == free)
                .findFirst().orElseThrow(() -> new AssertionError(r.toString()));
        assertTrue(f.get("message").asText().contains("(opened by Win.lock at OneSidedArgs.java:"
                + SourceMarkers.line(program, "EPOCH-OPENED") + " and never closed)"), f.toString());
    }

    @ParameterizedTest(name = "{0} is silent under the checker")
    @CsvSource({
        "PointToPointArgsFixed, 2",
        "CollectiveArgsFixed, 2",
        "HandleArgsFixed, 2",
        "OneSidedArgsFixed, 2",
        "EnvironmentArgsFixed, 1",
        "BindingHazardArgsFixed, 2",
        "PortabilityArgsFixed, 2",
        "RememberedThenFreedFixed, 2",
        "RememberedShapesFixed, 2",
        "ThreadLevelArgsFixed, 2",
        "ThreadOverlapArgsFixed, 2",
    })
    void theCorrectTwinProducesNoFinding(String program, int ranks) throws Exception {
        MpiRun.Result r = MpiRun.program(PKG + program).ranks(ranks).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(List.of(), Findings.read(r.reportDir()), r.toString());
        assertFalse(r.stderr().contains("[MPIGuard]"), r.stderr());
    }

    @Test
    void withOnErrorAbortTheFirstInvalidArgumentEndsTheJobWithExit86BeforeTheCall() throws Exception {
        String program = "PointToPointArgs";
        MpiRun.Result r = MpiRun.program(PKG + program).ranks(2).withAgent("").run();
        assertEquals(DeadlockDetectionTest.ABORT_EXIT_CODE, r.exitCode(), r.toString());
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEquals(1, findings.size(), findings.toString());
        CheckMarkers.Marker first = CheckMarkers.of(program).get(0);
        assertEveryMarkerReported(findings, List.of(first), r.toString());
        assertTrue(r.stderr().contains(first.file() + ":" + first.line()), r.stderr());
        assertFalse(r.stderr().contains("MPI_ERR_RANK"), "the bad send never reached MPI\n" + r);
    }

    @Test
    void unportableCallsAreMadeAndTheProgramGetsWhatItGetsWithoutTheChecker() throws Exception {
        String program = PKG + "PortabilityArgs";
        MpiRun.Result plain = MpiRun.program(program).ranks(2).run();
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, plain.exitCode(), plain.toString());
        assertEquals(0, r.exitCode(), "warnings never end the job\n" + r);
        for (int rank = 0; rank < 2; rank++) {
            assertEquals(plain.ofRank(rank, "stdout"), r.ofRank(rank, "stdout"), "rank " + rank);
        }
        assertTrue(r.stdout().contains("received 1020304 410042"), r.toString());
        assertEveryMarkerReported(Findings.read(r.reportDir()), CheckMarkers.of("PortabilityArgs"), r.toString());
    }

    @Test
    void aSecondThreadsCallsBelowSerializedAreWarnedOfNamingTheInitAndMadeAsWithoutTheChecker() throws Exception {
        String program = "ThreadLevelArgs";
        MpiRun.Result r = warnedAndAsPlain(program, "single true");
        List<CheckMarkers.Marker> markers = CheckMarkers.of(program);
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEquals(markers.size() * 2, findings.size(), "each marked call once on each rank, the clock and the"
                + " thread query never\n" + findings);
        int init = SourceMarkers.line(PKG + program, "INIT-SITE");
        for (JsonNode f : findings) {
            assertEquals("warning", f.get("severity").asText(), f.toString());
            assertEquals(init, f.get("related").get(0).get("site").get("line").asInt(), f.toString());
            assertEquals("MPI.Init", f.get("related").get(0).get("op").asText(), f.toString());
            String message = f.get("message").asText();
            assertTrue(message.contains("= \"worker\" is not the thread that called MPI.Init (\"main\", at"
                    + " ThreadLevelArgs.java:" + init + "): at MPI.THREAD_SINGLE"), message);
        }
        assertEveryMarkerReported(findings, markers, r.toString());
    }

    @Test
    void aCallBesideAnotherThreadsBlockedReceiveAtSerializedIsWarnedOfNamingTheReceiveAndMade() throws Exception {
        String program = "ThreadOverlapArgs";
        MpiRun.Result r = warnedAndAsPlain(program, "serialized true");
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEquals(1, findings.size(), "the main thread's query on rank 0, once\n" + findings);
        JsonNode f = findings.get(0);
        int blocked = SourceMarkers.line(PKG + program, "BLOCKED-SITE");
        assertEquals("warning", f.get("severity").asText(), f.toString());
        assertEquals(0, f.get("ranks").get(0).asInt(), f.toString());
        assertEquals("Comm.recv", f.get("related").get(0).get("op").asText(), f.toString());
        assertEquals(blocked, f.get("related").get(0).get("site").get("line").asInt(), f.toString());
        String message = f.get("message").asText();
        assertTrue(message.contains("= \"main\" calls MPI while thread \"receiver\" is inside Comm.recv (at"
                + " ThreadOverlapArgs.java:" + blocked + "): at MPI.THREAD_SERIALIZED"), message);
        assertEveryMarkerReported(findings, CheckMarkers.of(program), r.toString());
    }

    /**
     * The thread-level programs at 2 ranks, plain and under the agent: both exit 0, the plain run
     * printed {@code level} (MPI provided the level the program tests), and every rank's output
     * is the plain run's. The agent's run.
     */
    private static MpiRun.Result warnedAndAsPlain(String program, String level) throws Exception {
        MpiRun.Result plain = MpiRun.program(PKG + program).ranks(2).run();
        MpiRun.Result r = MpiRun.program(PKG + program).ranks(2).withAgent("").run();
        assertEquals(0, plain.exitCode(), plain.toString());
        assertEquals(0, r.exitCode(), "warnings never end the job\n" + r);
        assertTrue(plain.stdout().contains(level), "MPI provides the level the program tests\n" + plain);
        for (int rank = 0; rank < 2; rank++) {
            assertEquals(plain.ofRank(rank, "stdout"), r.ofRank(rank, "stdout"), "rank " + rank);
        }
        return r;
    }

    @Test
    void theChecksOfValidCallsAllocateNothing() throws Exception {
        MpiRun.Result r = MpiRun.program(PKG + "SuccessPathAllocation").ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(List.of(), Findings.read(r.reportDir()), r.toString());
        for (String op : List.of("Comm.send", "Comm.bcast", "Win.put")) {
            Matcher m = Pattern.compile("ALLOCATED " + op.replace(".", "\\.")
                    + " (\\d+)").matcher(r.stdout());
            assertTrue(m.find(), op + "\n" + r);
            // 20,000 calls: less than one byte a call means no allocation on the call path
            assertTrue(Long.parseLong(m.group(1)) < 20_000, op + " allocated " + m.group(1) + " bytes");
        }
    }

    @Test
    void callsOutOfTurnAreRefusedByTheBindingItselfSoTheProgramRunsAsWithoutTheCheckerWithAWarningAtEach()
            throws Exception {
        String program = "EnvironmentArgs";
        MpiRun.Result plain = MpiRun.program(PKG + program).ranks(1).run();
        MpiRun.Result r = MpiRun.program(PKG + program).ranks(1).withAgent("").run();
        List<CheckMarkers.Marker> markers = CheckMarkers.of(program);
        assertEquals(0, plain.exitCode(), plain.toString());
        assertEquals(0, r.exitCode(), "on-error=abort, and nothing to abort for\n" + r);
        assertEquals("refused " + markers.size() + "\n", plain.stdout(), "the binding refuses every one\n" + plain);
        assertEquals(plain.stdout(), r.stdout(), r.toString());
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEquals(markers.size(), findings.size(), findings.toString());
        for (JsonNode f : findings) {
            assertEquals("warning", f.get("severity").asText(), f.toString());
            assertTrue(f.get("message").asText().contains("The binding refuses this call itself"), f.toString());
        }
        assertEquals(-1, findings.get(0).get("ranks").get(0).asInt(), "no rank is known before Init");
        assertEveryMarkerReported(findings, markers, r.toString());
    }

    @Test
    void aProgramThatAskedMpiToReturnErrorsGetsThemFromMpiWithAWarningAtEachLine() throws Exception {
        String program = "args.ReturnedErrors";
        MpiRun.Result plain = MpiRun.program(program).ranks(2).run();
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(0, plain.exitCode(), plain.toString());
        assertEquals(4 * 2, r.stdout().lines().filter(l -> l.startsWith("ok ")).count(),
                "each rank got MPI's error class at each call\n" + r);
        for (int rank = 0; rank < 2; rank++) {
            assertEquals(plain.ofRank(rank, "stdout"), r.ofRank(rank, "stdout"), "rank " + rank + " as without the agent");
        }
        List<Integer> lines = SourceMarkers.lines(program, "RETURNED-SITE");
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEquals(lines.size() * 2, findings.size(), findings.toString());
        for (JsonNode f : findings) {
            assertEquals("warning", f.get("severity").asText(), f.toString());
            assertEquals("invalid-argument", f.get("kind").asText(), f.toString());
            assertTrue(lines.contains(f.get("site").get("line").asInt()), f.toString());
        }
    }

    @Test
    void withoutTheCheckerTheSameProgramDiesInsideOpenMpiWithNoJavaLocation() throws Exception {
        String program = "PointToPointArgs";
        MpiRun.Result r = MpiRun.program(PKG + program).ranks(2).run();
        assertTrue(r.exitCode() != 0, r.toString());
        // Open MPI prints MPI_ERR_RANK, or at times loses its own message and prints only an ORTE_ERROR_LOG line
        assertTrue(r.stderr().contains("MPI_ERR_RANK") || r.stderr().contains("ORTE_ERROR_LOG"), r.toString());
        assertFalse(r.stderr().contains(program + ".java"), "Open MPI names no Java location\n" + r);
    }
}
