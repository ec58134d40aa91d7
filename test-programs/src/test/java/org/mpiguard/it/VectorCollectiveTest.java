package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The blocks of v-collectives under real mpirun: a heap array the binding would copy into
 * a native buffer too small for it (binding-hazard error) and receive blocks that overlap
 * (invalid-argument error) end the job cleanly at the call, before it is made; their twins
 * (direct buffers, heap blocks that fit, gaps, empty blocks, any order, in place, a strided
 * column type) run as without the checker and are silent.
 */
class VectorCollectiveTest {

    private static final String PKG = "collective.";

    @Test
    void aHeapGathervWhoseBlocksOutgrowTheBindingsNativeCopyIsRefusedAtTheRootBeforeItCorruptsTheHeap()
            throws Exception {
        String program = PKG + "HeapGathervCorrupts";
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(DeadlockDetectionTest.ABORT_EXIT_CODE, r.exitCode(), r.toString());
        assertFalse(r.stderr().contains("malloc(") || r.stderr().contains("glibc error"),
                "the call never reached the binding's copy\n" + r);
        assertFalse(r.stdout().contains("sum"), r.toString());
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEquals(1, findings.size(), findings.toString());
        JsonNode f = findings.get(0);
        assertEquals("binding-hazard", f.get("kind").asText(), f.toString());
        assertEquals("error", f.get("severity").asText(), f.toString());
        assertEquals("[0]", f.get("ranks").toString(), "only the root receives\n" + f);
        assertEquals("Comm.gatherv", f.get("op").asText(), f.toString());
        assertEquals(SourceMarkers.line(program, "HAZARD-SITE"), f.get("site").get("line").asInt(), f.toString());
        String message = f.get("message").asText();
        assertTrue(message.startsWith("[hazard.vcoll-heap-copy] Comm.gatherv: argument 'recvbuf' = double[32768]"),
                message);
        assertTrue(message.contains("it holds 65536 bytes") && message.contains("MPI.newDoubleBuffer"), message);
    }

    @Test
    void receiveBlocksThatOverlapAreWarnedOfNamingBothBlocksAndTheCallIsMade() throws Exception {
        String program = PKG + "OverlappingReceiveBlocks";
        MpiRun.Result plain = MpiRun.program(program).ranks(2).run();
        assertEquals(0, plain.exitCode(), "Open MPI runs it and says nothing\n" + plain);
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(2, r.stdout().lines().filter(l -> l.contains(" got ")).count(),
                "the call was made on both ranks, as without the checker\n" + r);
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEquals(2, findings.size(), "one warning on each rank\n" + r);
        int line = SourceMarkers.line(program, "OVERLAP-SITE");
        for (JsonNode f : findings) {
            assertEquals("invalid-argument", f.get("kind").asText(), f.toString());
            assertEquals("warning", f.get("severity").asText(), f.toString());
            assertEquals(line, f.get("site").get("line").asInt(), f.toString());
            String message = f.get("message").asText();
            assertTrue(message.startsWith("[vcoll.recv-overlap] Comm.allGatherv: argument 'displs' = int[2] makes"
                    + " rank 0's block [0, 3) and rank 1's block [2, 5) of recvbuf overlap"), message);
        }
    }

    @ParameterizedTest(name = "{0} on {1} ranks runs as without the checker and is silent")
    @CsvSource({
        "HeapGathervCorruptsFixed, 2",
        "HeapGathervCorruptsFixed, 4",
        "OverlappingReceiveBlocksFixed, 2",
        "OverlappingReceiveBlocksFixed, 4",
    })
    void theTwinsRunAsWithoutTheCheckerAndAreSilent(String program, int ranks) throws Exception {
        MpiRun.Result plain = MpiRun.program(PKG + program).ranks(ranks).run();
        MpiRun.Result r = MpiRun.program(PKG + program).ranks(ranks).withAgent("").run();
        assertEquals(0, plain.exitCode(), plain.toString());
        assertEquals(0, r.exitCode(), r.toString());
        for (int rank = 0; rank < ranks; rank++) {
            assertEquals(plain.ofRank(rank, "stdout"), r.ofRank(rank, "stdout"), "rank " + rank);
        }
        assertEquals(List.of(), Findings.read(r.reportDir()), r.toString());
        assertFalse(r.stderr().contains("[MPIGuard]"), r.stderr());
    }
}
