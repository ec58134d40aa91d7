package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A collective mismatch that may still complete (a blocking bcast whose counts of one
 * datatype differ) is a warning while it does, and an error once the call hangs.
 */
class CollectiveHazardTest {

    private static List<JsonNode> mismatches(MpiRun.Result r) throws Exception {
        return Findings.read(r.reportDir()).stream().filter(f -> f.get("kind").asText().equals("collective-mismatch"))
                .collect(Collectors.toList());
    }

    @Test
    void aBcastWhoseReceiversAcceptMoreThanTheRootSendsRunsAsWithoutTheCheckerWithAWarning() throws Exception {
        String program = "collective.BcastLongerReceive";
        int line = SourceMarkers.line(program, "MISMATCH-SITE");
        for (int ranks : new int[] {2, 4}) {
            MpiRun.Result plain = MpiRun.program(program).ranks(ranks).run();
            MpiRun.Result r = MpiRun.program(program).ranks(ranks).withAgent("").run();
            assertEquals(0, plain.exitCode(), plain.toString());
            assertEquals(0, r.exitCode(), r.toString());
            for (int rank = 0; rank < ranks; rank++) {
                assertEquals("rank " + rank + " uses grid 8x8\n", r.ofRank(rank, "stdout"), r.toString());
            }
            List<JsonNode> found = mismatches(r);
            assertEquals(Findings.read(r.reportDir()).size(), found.size(), "nothing else\n" + r);
            assertTrue(!found.isEmpty(), r.toString());
            for (JsonNode f : found) {
                assertEquals("warning", f.get("severity").asText(), f.toString());
                assertEquals(line, f.get("site").get("line").asInt(), f.toString());
                assertTrue(f.get("ranks").toString().contains("0"), "the root is one side\n" + f);
            }
        }
    }

    @Test
    void theSameMistakeWhereTheCountsPartOpenMpisAlgorithmsIsAnErrorOnceTheBcastHangs() throws Exception {
        String program = "collective.BcastLongerReceiveHangs";
        MpiRun.Result r = MpiRun.program(program).ranks(4).withAgent("").timeout(Duration.ofSeconds(120)).run();
        assertEquals(86, r.exitCode(), "the job ends at the error instead of hanging\n" + r);
        List<JsonNode> errors = mismatches(r).stream().filter(f -> f.get("severity").asText().equals("error"))
                .collect(Collectors.toList());
        assertTrue(!errors.isEmpty(), r.toString());
        JsonNode f = errors.get(0);
        assertEquals(SourceMarkers.line(program, "MISMATCH-SITE"), f.get("site").get("line").asInt(), f.toString());
        assertTrue(f.get("message").asText().contains("has not completed after"), f.toString());
        assertTrue(!r.stdout().contains("was not stopped"), r.toString());
    }
}
