package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;

/**
 * Runs a buffer-watch program and asserts its one finding: kind, rank, the access (or
 * the later operation) at the line marked ACCESS-SITE and the post at POST-SITE; or, for
 * a twin, silence and a clean exit.
 */
final class BufferFindings {

    private BufferFindings() {
    }

    static JsonNode assertOneConflict(String program, int ranks, String kind, int rank, String op, String postOp)
            throws Exception {
        return assertOneConflict(MpiRun.JDK17_JAVA, program, ranks, kind, rank, op, postOp);
    }

    static JsonNode assertOneConflict(String java, String program, int ranks, String kind, int rank, String op,
                                      String postOp) throws Exception {
        MpiRun.Result r = MpiRun.program(program).ranks(ranks).java(java).withAgent("")
                .timeout(Duration.ofSeconds(90)).run();
        assertEquals(86, r.exitCode(), "on-error=abort ends the job at the finding\n" + r);
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEquals(1, findings.size(), findings + "\n" + r);
        JsonNode f = findings.get(0);
        assertEquals(kind, f.get("kind").asText(), f.toString());
        assertEquals("error", f.get("severity").asText());
        assertEquals(rank, f.get("ranks").get(0).asInt(), f.toString());
        assertEquals(op, f.get("op").asText(), f.toString());
        assertEquals(SourceMarkers.line(program, "ACCESS-SITE"), f.get("site").get("line").asInt(), f.toString());
        assertEquals(SourceMarkers.fileName(program), f.get("site").get("file").asText());
        JsonNode post = f.get("related").get(0);
        assertEquals(postOp, post.get("op").asText(), f.toString());
        assertEquals(rank, post.get("rank").asInt());
        assertEquals(SourceMarkers.line(program, "POST-SITE"), post.get("site").get("line").asInt(), f.toString());
        assertEquals(SourceMarkers.fileName(program), post.get("site").get("file").asText());
        return f;
    }

    static MpiRun.Result assertSilent(String program, int ranks) throws Exception {
        MpiRun.Result r = MpiRun.program(program).ranks(ranks).withAgent("").timeout(Duration.ofSeconds(90)).run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(Findings.read(r.reportDir()).isEmpty(), r.toString());
        return r;
    }
}
