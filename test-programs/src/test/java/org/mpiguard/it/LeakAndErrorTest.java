package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Online lifecycle checks: Open MPI's own errors located (mpi-error) and leaks at Finalize (resource-leak). */
class LeakAndErrorTest {

    @Test
    void aTruncatingReceiveIsReportedAtItsJavaLineAndAbortsWithMpisErrorCode() throws Exception {
        String program = "mpierror.TruncatedRecv";
        MpiRun.Result plain = MpiRun.program(program).ranks(2).run();
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(plain.exitCode(), r.exitCode(), "the job ends as Open MPI's fatal handler ends it\n" + r);
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEquals(1, findings.size(), findings.toString());
        JsonNode f = findings.get(0);
        assertEquals("mpi-error", f.get("kind").asText());
        assertEquals("error", f.get("severity").asText());
        assertEquals(1, f.get("ranks").get(0).asInt());
        assertEquals("Comm.recv", f.get("op").asText());
        assertEquals("TruncatedRecv.java", f.get("site").get("file").asText());
        assertEquals(SourceMarkers.line(program, "MPI-ERROR-SITE"), f.get("site").get("line").asInt());
        assertTrue(f.get("message").asText().contains("MPI_ERR_TRUNCATE"), f.toString());
        assertTrue(f.get("message").asText().contains("receiving side only"), f.toString());
    }

    @Test
    void theTwinThatReceivesEverythingIsSilent() throws Exception {
        MpiRun.Result r = MpiRun.program("mpierror.TruncatedRecvFixed").ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(Findings.read(r.reportDir()).isEmpty(), r.toString());
    }

    @Test
    void aProgramWithItsOwnErrorsReturnHandlerCatchesAsWithoutTheChecker() throws Exception {
        String program = "mpierror.OwnHandlerCatches";
        MpiRun.Result plain = MpiRun.program(program).ranks(2).run();
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, plain.exitCode(), plain.toString());
        assertEquals(plain.exitCode(), r.exitCode(), r.toString());
        assertEquals(plain.ofRank(1, "stdout"), r.ofRank(1, "stdout"));
        assertTrue(r.ofRank(1, "stdout").contains("caught error class"), r.toString());
        assertTrue(Findings.read(r.reportDir()).isEmpty(), r.toString());
    }

    @Test
    void aProgramSeesAndCallsTheDefaultFatalHandlerWhereTheCheckerPutErrorsReturn() throws Exception {
        String program = "correct.DefaultErrhandler";
        MpiRun.Result plain = MpiRun.program(program).ranks(2).run();
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertTrue(plain.exitCode() != 0, "the default handler ends the job\n" + plain);
        assertEquals(plain.exitCode(), r.exitCode(), "with the same exit code\n" + r);
        for (int rank = 0; rank < 2; rank++) {
            assertEquals("rank " + rank + " came back from the returning handlers\n", r.ofRank(rank, "stdout"),
                    r.toString());
            assertEquals(plain.ofRank(rank, "stdout"), r.ofRank(rank, "stdout"));
        }
        assertEquals(plain.ofRank(0, "stderr"), r.ofRank(0, "stderr"), "nothing of the checker's on the rank's stderr");
        assertTrue(Findings.read(r.reportDir()).isEmpty(), r.toString());
    }

    @Test
    void anErrorMpiRaisesInsideAWindowConstructorEndsTheJobAsWithoutTheChecker() throws Exception {
        String program = "mpierror.WindowRefused";
        MpiRun.Result plain = MpiRun.program(program).ranks(2).run();
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertTrue(plain.exitCode() != 0, plain.toString());
        assertEquals(plain.exitCode(), r.exitCode(), r.toString());
        for (int rank = 0; rank < 2; rank++) {
            assertEquals("rank " + rank + " creates the window\n", r.ofRank(rank, "stdout"), r.toString());
            assertEquals(plain.ofRank(rank, "stderr"), r.ofRank(rank, "stderr"), "no exception, no warning\n" + r);
        }
        assertTrue(Findings.read(r.reportDir()).isEmpty(), r.toString());
    }

    @Test
    void everyKindOfLeakIsReportedAtItsCreationSiteOnEveryRank() throws Exception {
        String program = "leak.LeakEverything";
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), "leaks are warnings: the job goes on\n" + r);
        List<JsonNode> findings = Findings.read(r.reportDir());
        for (JsonNode f : findings) {
            assertEquals("resource-leak", f.get("kind").asText(), f.toString());
            assertEquals("warning", f.get("severity").asText(), f.toString());
        }
        for (String marker : List.of("LEAK-COMM", "LEAK-GROUP", "LEAK-TYPE", "LEAK-OP", "LEAK-INFO", "LEAK-WIN",
                "LEAK-PREQ", "LEAK-BUFFER")) {
            int line = SourceMarkers.line(program, marker);
            for (int rank = 0; rank < 2; rank++) {
                int rk = rank;
                List<JsonNode> at = findings.stream().filter(f -> f.get("site").get("line").asInt() == line
                        && f.get("ranks").get(0).asInt() == rk).collect(Collectors.toList());
                assertEquals(1, at.size(), marker + " on rank " + rank + "\n" + findings);
            }
        }
        JsonNode comms = findings.stream().filter(f -> f.get("op").asText().endsWith(".dup")).findFirst().orElseThrow();
        assertTrue(comms.get("message").asText().contains("3 communicators made at LeakEverything.java:"
                + SourceMarkers.line(program, "LEAK-COMM")), comms.toString());
        int lostLine = SourceMarkers.line(program, "LOST-MESSAGE");
        List<JsonNode> lost = findings.stream().filter(f -> f.get("site").get("line").asInt() == lostLine)
                .collect(Collectors.toList());
        assertEquals(1, lost.size(), "the message rank 1 sent and rank 0 never received\n" + findings);
        assertEquals(0, lost.get(0).get("ranks").get(0).asInt());
        assertTrue(lost.get(0).get("message").asText().contains("tag 7, 4 bytes) sent by rank 1 to rank 0 on MPI.COMM_WORLD"),
                lost.toString());
        assertEquals(8 * 2 + 1, findings.size(), findings.toString());
    }

    @Test
    void theTwinThatFreesEverythingIsSilent() throws Exception {
        MpiRun.Result r = MpiRun.program("leak.FreeEverything").ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(Findings.read(r.reportDir()).isEmpty(), r.toString());
    }
}
