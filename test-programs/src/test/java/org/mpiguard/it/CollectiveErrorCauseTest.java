package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.mpiguard.core.ExitCodes;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Counts that differ between ranks in a collective: Open MPI ends the job with
 * MPI_ERR_TRUNCATE on one rank within milliseconds. Before the job ends the erring rank
 * gives the collective ring its moment, so the cause is named with both sides (a
 * collective-mismatch error at both marked lines), and the mpi-error finding, where the
 * erring rank wrote it first, points to it; also when Open MPI raises it in a later call.
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

    /**
     * The counts of an iBcast differ between ranks; Open MPI fails none of the iBcasts but ends
     * the job with MPI_ERR_TRUNCATE in a later call, the waitFor on a receiving rank. The
     * collective-mismatch names both sides' first call, and the mpi-error at the later call
     * points to it. The twin, with equal counts, is silent.
     */
    @ParameterizedTest(name = "at {0} ranks: the error in the later waitFor is traced to the first call")
    @ValueSource(ints = {2, 3})
    void aMismatchOpenMpiFailsInALaterCallIsNamedAtTheFirstCallWithBothSides(int ranks) throws Exception {
        String program = "collective.LaterCallTruncation";
        MpiRun.Result r = MpiRun.program(program).ranks(ranks).withAgent("").run();
        assertTrue(r.exitCode() != 0, r.toString());
        List<JsonNode> findings = Findings.read(r.reportDir());
        Set<Integer> marked = new TreeSet<>(SourceMarkers.lines(program, "MISMATCH-SITE"));
        int later = SourceMarkers.line(program, "LATER-CALL");
        int mismatches = 0;
        int errors = 0;
        for (JsonNode f : findings) {
            if (f.get("kind").asText().equals("collective-mismatch")) {
                mismatches++;
                assertEquals("Comm.iBcast", f.get("op").asText(), f.toString());
                Set<Integer> sides = new TreeSet<>(List.of(f.get("site").get("line").asInt()));
                f.get("related").forEach(other -> sides.add(other.get("site").get("line").asInt()));
                assertEquals(marked, sides, "both sides of the first call\n" + f);
            } else {
                assertEquals("mpi-error", f.get("kind").asText(), f.toString());
                errors++;
                assertEquals("Request.waitFor", f.get("op").asText(), f.toString());
                assertEquals(later, f.get("site").get("line").asInt(), f.toString());
                String message = f.get("message").asText();
                assertTrue(message.contains("MPI_ERR_TRUNCATE") && message.contains("in a later call")
                        && message.contains("collective-mismatch finding"), message);
            }
        }
        assertTrue(mismatches > 0, "the cause is named\n" + r);
        // Two ways the job ends, and which comes first is the host's timing: a receiving rank's
        // waitFor fails (it reports the mpi-error, waits for the ring, and aborts with Open
        // MPI's error code), or the ring's verdict aborts first (ABORTED_ON_FINDING) while the
        // receiving ranks are still on their way to the error. Unless the verdict came first,
        // the later call's error must have been reported, and it must point to the cause.
        if (r.exitCode() != ExitCodes.ABORTED_ON_FINDING) {
            assertTrue(errors > 0, "the later call's error is reported and points to the cause\n" + r);
        }
        MpiRun.Result twin = MpiRun.program(program + "Fixed").ranks(ranks).withAgent("").run();
        assertEquals(0, twin.exitCode(), twin.toString());
        assertEquals(List.of(), Findings.read(twin.reportDir()), twin.toString());
    }
}
