package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The receive hazards of the Java bindings: reported as binding-hazard warnings at the
 * receive's line with the clobbered elements by default, repaired (untouched elements
 * kept, nothing reported) with binding-hazards=standard, and really there without the
 * checker.
 */
class ArgumentCheckHazardTest {

    private static final String PROGRAM = "BindingHazardArgs";

    @Test
    void everyClobberingReceiveIsReportedAtItsLineWithTheElementsItOverwrote() throws Exception {
        MpiRun.Result r = MpiRun.program(ArgumentCheckTest.PKG + PROGRAM).ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        ArgumentCheckTest.assertEveryMarkerReported(Findings.read(r.reportDir()), CheckMarkers.of(PROGRAM),
                r.toString());
        assertTrue(r.stderr().contains("elements [1..3] now hold [12, 13, 14] where they held [-1, -1, -1]"),
                r.stderr());
        assertTrue(r.stderr().contains("elements [0..0] now hold [42.0] where they held [-7.0]"), r.stderr());
        // a long array, 10 of 200 elements arrived: every element past the message is compared
        assertTrue(r.stderr().contains("elements [10..199] now hold [110, 111, 112, 113, 114, 115, 116, 117, ...]"
                + " where they held [-1, -1, -1, -1, -1, -1, -1, -1, ...]"), r.stderr());
    }

    @Test
    void withBindingHazardsStandardTheUntouchedElementsKeepTheirValues() throws Exception {
        MpiRun.Result r = MpiRun.program(ArgumentCheckTest.PKG + PROGRAM).ranks(2)
                .withAgent("binding-hazards=standard").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(List.of(), Findings.read(r.reportDir()), r.toString());
        for (String expected : List.of("RESULT recv-proc-null [-7.0]", "RESULT recv-short [7, -1, -1, -1]",
                "RESULT recv-short-heap [8, -1, -1, -1]", "RESULT sendrecv-proc-null [-5.0]",
                "RESULT sendrecv-short [9, -1, -1, -1]", "RESULT mrecv-short [5, -1, -1, -1]",
                "RESULT mrecv-proc-null [-5, -5]", "RESULT recv-short-long 10 -1 -1")) {
            assertTrue(r.stdout().contains(expected + "\n"), expected + "\n" + r);
        }
    }

    @Test
    void withoutTheCheckerTheArraysComeBackHoldingStaleData() throws Exception {
        MpiRun.Result r = MpiRun.program(ArgumentCheckTest.PKG + PROGRAM).ranks(2).run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stdout().contains("RESULT recv-proc-null [42.0]\n"), r.toString());
        assertTrue(r.stdout().contains("RESULT recv-short [7, 12, 13, 14]\n"), r.toString());
        assertTrue(r.stdout().contains("RESULT recv-short-long 10 110 299\n"), r.toString());
    }

    @Test
    void aHazardThatRecursInALoopIsSaidOncePerRankAtItsLine() throws Exception {
        MpiRun.Result r = MpiRun.program(ArgumentCheckTest.PKG + "HazardInALoop").ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        int line = SourceMarkers.line("args.HazardInALoop", "HAZARD-SITE");
        List<com.fasterxml.jackson.databind.JsonNode> findings = Findings.read(r.reportDir());
        assertEquals(2, findings.size(), "2,000 clobbering receives, one warning per rank: " + r);
        List<Integer> ranks = new java.util.ArrayList<>();
        for (var f : findings) {
            assertEquals("binding-hazard", f.get("kind").asText(), r.toString());
            assertEquals(line, f.get("site").get("line").asInt(), r.toString());
            assertTrue(f.get("message").asText().contains("[hazard.recv-proc-null]"), f.toString());
            ranks.add(f.get("ranks").get(0).asInt());
        }
        assertEquals(List.of(0, 1), ranks.stream().sorted().toList(), r.toString());
    }
}
