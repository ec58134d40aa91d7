package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Counts that differ between ranks in a collective: Open MPI ends the job with
 * MPI_ERR_TRUNCATE on one rank within milliseconds. Before the job ends the erring rank
 * gives the collective ring its moment, so the cause is named with both sides (a
 * collective-mismatch error at both marked lines), and the mpi-error finding, where the
 * erring rank wrote it first, points to it.
 */
class CollectiveErrorCauseTest {

    @ParameterizedTest(name = "{0} at {1} ranks: the mismatch is named with both sides before the job ends")
    @CsvSource({
        "collective.CountMismatch, 2",
        "collective.CountMismatch, 3",
        "collective.GatherCountMismatch, 3",
        "collective.GatherCountMismatch, 4",
    })
    void theCollectiveRingNamesTheMismatchBehindOpenMpisTruncationWithBothSides(String program, int ranks)
            throws Exception {
        MpiRun.Result r = MpiRun.program(program).ranks(ranks).withAgent("").run();
        assertTrue(r.exitCode() != 0, r.toString());
        List<JsonNode> findings = Findings.read(r.reportDir());
        List<JsonNode> mismatches = findings.stream()
                .filter(f -> f.get("kind").asText().equals("collective-mismatch")).collect(Collectors.toList());
        assertTrue(!mismatches.isEmpty(), "the cause is named\n" + r);
        Set<Integer> marked = new TreeSet<>(SourceMarkers.lines(program, "MISMATCH-SITE"));
        for (JsonNode f : mismatches) {
            assertEquals("error", f.get("severity").asText(), f.toString());
            Set<Integer> sides = new TreeSet<>();
            sides.add(f.get("site").get("line").asInt());
            for (JsonNode other : f.get("related")) {
                sides.add(other.get("site").get("line").asInt());
            }
            assertEquals(marked, sides, "both sides, at their lines\n" + f);
            assertEquals(2, f.get("ranks").size(), f.toString());
        }
        for (JsonNode f : findings) {
            String kind = f.get("kind").asText();
            assertTrue(kind.equals("collective-mismatch") || kind.equals("mpi-error"), f.toString());
            if (kind.equals("mpi-error")) {
                assertTrue(f.get("message").asText().contains("MPI_ERR_TRUNCATE"), f.toString());
                assertTrue(f.get("message").asText().contains("collective-mismatch finding"), f.toString());
            }
        }
    }
}
