package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The start and end of a run: leaving without Finalize is recorded; a clean end is silent. */
class LifecycleTest {

    @Test
    void aRankLeavingWithoutFinalizeIsReportedWithItsLastBlockingCall() throws Exception {
        String program = "lifecycle.MissingFinalize";
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertTrue(r.exitCode() != 0, "mpirun fails such a job\n" + r);
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertFalse(findings.isEmpty(), "at least the first rank to leave is reported\n" + r);
        int line = SourceMarkers.line(program, "LAST-CALL");
        for (JsonNode f : findings) {
            assertEquals("call-ordering", f.get("kind").asText(), f.toString());
            assertEquals("warning", f.get("severity").asText());
            assertEquals("Comm.allReduce", f.get("op").asText());
            assertEquals(line, f.get("site").get("line").asInt(), f.toString());
            assertTrue(f.get("message").asText().contains("without calling MPI.Finalize"), f.toString());
            assertTrue(f.get("message").asText().contains("Comm.allReduce at MissingFinalize.java:" + line),
                    f.toString());
        }
        assertTrue(r.stderr().contains("[MPIGuard] WARNING call-ordering"), r.stderr());
    }

    @Test
    void theTwinThatFinalizesIsSilent() throws Exception {
        MpiRun.Result r = MpiRun.program("lifecycle.MissingFinalizeFixed").ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(Findings.read(r.reportDir()).isEmpty(), r.toString());
        assertEquals("sum of ranks: 1\n", r.stdout());
    }

    @Test
    void finalizeWhileAnotherThreadIsInsideABlockingCallIsWarnedOfNamingBothCalls() throws Exception {
        String program = "lifecycle.FinalizeBesideBlockedThread";
        MpiRun.Result plain = MpiRun.program(program).ranks(2).run();
        MpiRun.Result r = MpiRun.program(program).ranks(2).withAgent("").run();
        assertEquals(0, plain.exitCode(), plain.toString());
        assertEquals(0, r.exitCode(), "a warning never ends the job\n" + r);
        assertEquals(plain.stdout(), r.stdout(), r.toString());
        assertEquals("received 42\n", r.stdout(), "the receive completed inside rank 0's Finalize\n" + r);
        List<JsonNode> findings = Findings.read(r.reportDir());
        assertEquals(1, findings.size(), "rank 0 alone finalizes beside a blocked thread\n" + findings);
        JsonNode f = findings.get(0);
        int finalize = SourceMarkers.line(program, "FINALIZE-SITE");
        int blocked = SourceMarkers.line(program, "BLOCKED-SITE");
        assertEquals("call-ordering", f.get("kind").asText(), f.toString());
        assertEquals("warning", f.get("severity").asText(), f.toString());
        assertEquals(0, f.get("ranks").get(0).asInt(), f.toString());
        assertEquals("MPI.Finalize", f.get("op").asText(), f.toString());
        assertEquals(finalize, f.get("site").get("line").asInt(), f.toString());
        assertEquals("Comm.recv", f.get("related").get(0).get("op").asText(), f.toString());
        assertEquals(blocked, f.get("related").get(0).get("site").get("line").asInt(), f.toString());
        assertTrue(f.get("message").asText().contains("MPI.Finalize at FinalizeBesideBlockedThread.java:" + finalize
                + " while its thread \"receiver\" is still inside Comm.recv at FinalizeBesideBlockedThread.java:"
                + blocked), f.toString());
    }

    @Test
    void finalizeAfterJoiningTheThreadWhoseCallWasBlockedIsSilent() throws Exception {
        MpiRun.Result r = MpiRun.program("lifecycle.FinalizeBesideBlockedThreadFixed").ranks(2).withAgent("").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(List.of(), Findings.read(r.reportDir()), r.toString());
        assertEquals("received 42\n", r.stdout(), r.toString());
    }

    @Test
    void aDeadlockIsFoundUnderJdk25Too() throws Exception {
        MpiRun.Result r = MpiRun.program("deadlock.RecvRecvDeadlock").ranks(2).java(MpiRun.JDK25_JAVA)
                .withAgent("").run();
        assertEquals(86, r.exitCode(), r.toString());
        JsonNode f = Findings.read(r.reportDir()).get(0);
        assertEquals("deadlock", f.get("kind").asText());
        assertEquals(SourceMarkers.line("deadlock.RecvRecvDeadlock", "DEADLOCK-SITE"), f.get("site").get("line").asInt());
    }

    @Test
    void anAgentAttachedToARunningJvmRewritesClassesAlreadyLoaded() throws Exception {
        String program = "lifecycle.AttachLate";
        java.nio.file.Path report = java.nio.file.Files.createTempDirectory("mpiguard-attach").resolve("report");
        MpiRun.Result r = MpiRun.program(program).ranks(2).jvmArg("-Djdk.attach.allowAttachSelf=true")
                .programArg(MpiRun.AGENT_JAR.toAbsolutePath().toString()).programArg("report=" + report).run();
        assertEquals(86, r.exitCode(), r.toString());
        JsonNode f = Findings.read(report).get(0);
        assertEquals("deadlock", f.get("kind").asText());
        assertEquals(SourceMarkers.line(program, "DEADLOCK-SITE"), f.get("site").get("line").asInt());
        assertEquals("org.mpiguard.programs.lifecycle.AttachLate$Ring", f.get("site").get("class").asText());
    }

    @Test
    void anAgentAttachedToARunningJvmLeavesWindowsAloneAndStillFindsTheDeadlock() throws Exception {
        String program = "lifecycle.AttachLateWindow";
        java.nio.file.Path report = java.nio.file.Files.createTempDirectory("mpiguard-attach").resolve("report");
        MpiRun.Result r = MpiRun.program(program).ranks(2).jvmArg("-Djdk.attach.allowAttachSelf=true")
                .programArg(MpiRun.AGENT_JAR.toAbsolutePath().toString()).programArg("report=" + report).run();
        assertEquals(86, r.exitCode(), r.toString());
        assertTrue(r.stdout().contains("rank 0 got 1") && r.stdout().contains("rank 1 got 0"),
                "the fence epoch ran as without the checker\n" + r);
        List<JsonNode> findings = Findings.read(report);
        assertEquals(1, findings.size(), "the deadlock only: no checker fault from the unseen window\n" + findings);
        assertEquals("deadlock", findings.get(0).get("kind").asText());
        assertEquals(SourceMarkers.line(program, "DEADLOCK-SITE"), findings.get(0).get("site").get("line").asInt());
    }
}
