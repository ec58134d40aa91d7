package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Handles the bindings make in their own code (a program's Struct datatype, clone()) are
 * leaks at Finalize like any other, named at the line that handed them to the program;
 * the twin that frees them, and uses the bindings' own Struct types, is silent.
 */
class MadeHandleLeakTest {

    @Test
    void aStructsDatatypeAndClonedHandlesNeverFreedAreLeaksAtTheLineThatFirstGaveThem() throws Exception {
        String program = "leak.MadeInsideTheBindings";
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), "leaks are warnings\n" + r);
        assertTrue(r.stdout().contains("particle 7 0.5"), r.toString());
        List<JsonNode> findings = Findings.read(r.reportDir());
        for (JsonNode f : findings) {
            assertEquals("resource-leak", f.get("kind").asText(), f.toString());
            assertEquals("warning", f.get("severity").asText(), f.toString());
        }
        List<String> markers = List.of("LEAK-STRUCT", "LEAK-CLONE-COMM", "LEAK-CLONE-TYPE");
        Map<String, Long> byLineAndRank = findings.stream().collect(Collectors.groupingBy(
                f -> f.get("site").get("line").asInt() + " rank " + f.get("ranks").get(0).asInt(),
                Collectors.counting()));
        for (String marker : markers) {
            int line = SourceMarkers.line(program, marker);
            assertEquals(1L, byLineAndRank.get(line + " rank 0"), marker + " on rank 0\n" + findings);
            assertEquals(1L, byLineAndRank.get(line + " rank 1"), marker + " on rank 1\n" + findings);
        }
        assertEquals(markers.size() * 2, findings.size(), findings.toString());
    }

    @Test
    void theTwinThatFreesThemIsSilentAndRunsAsWithoutTheChecker() throws Exception {
        String program = "leak.MadeInsideTheBindingsFreed";
        MpiRun.Result plain = MpiRun.program(program).ranks(2).run();
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        for (int rank = 0; rank < 2; rank++) {
            assertEquals(plain.ofRank(rank, "stdout"), r.ofRank(rank, "stdout"), "rank " + rank);
        }
        assertEquals(List.of(), Findings.read(r.reportDir()), r.toString());
    }
}
