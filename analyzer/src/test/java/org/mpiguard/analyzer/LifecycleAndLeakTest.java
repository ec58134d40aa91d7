package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.trace.CompletionOp;
import org.mpiguard.core.trace.HandleKind;
import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.RequestOp;

class LifecycleAndLeakTest {

    static final int INT = 5;

    @TempDir
    Path dir;

    @Test
    void aMessageNeverReceivedIsALeakNamingTheSender() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 7, INT, 1);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.RESOURCE_LEAK, 10, List.of(0, 1));
        assertTrue(f.message().contains("never received") && f.message().contains("tag 7"), f.message());
    }

    @Test
    void aMessageReceivedIsNoLeak() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 7, INT, 1);
        run.rank(1).recv(20, 0, 7, INT, 1);
        Analyzed.of(run.write(true)).none(FindingKind.RESOURCE_LEAK);
    }

    @Test
    void absencesInTracesThatDidNotReachFinalizeProveNothingAndAreSaid() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).send(10, 1, 7, INT, 1).isend(11, 1, 8, INT, 1);
        Analyzed a = Analyzed.of(run.write(false));
        assertTrue(a.findings().isEmpty(), a.describe());
        assertTrue(a.result().notes().stream().anyMatch(n -> n.contains("did not reach Finalize")),
                a.result().notes().toString());
    }

    @Test
    void aNonblockingSendNeverCompletedBeforeFinalizeIsAWarning() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(0).isend(10, 1, 0, INT, 1);
        run.rank(1).recv(20, 0, 0, INT, 1);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.REQUEST_LIFECYCLE, 10, List.of(0));
        assertEquals(Severity.WARNING, f.severity());
        assertTrue(f.message().contains("never waited for"), f.message());
    }

    @Test
    void aNonblockingSendWaitedForIsSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        long req = run.rank(0).isend(10, 1, 0, INT, 1);
        run.rank(0).waitFor(11, req, -1, -1, -1);
        run.rank(1).recv(20, 0, 0, INT, 1);
        Analyzed a = Analyzed.of(run.write(true));
        assertTrue(a.findings().isEmpty(), a.describe());
    }

    @Test
    void aWaitOnARequestAlreadyCompletedNamesBothWaits() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        long req = run.rank(0).isend(10, 1, 0, INT, 1);
        run.rank(0).waitFor(11, req, -1, -1, -1).waitFor(12, req, -1, -1, -1);
        run.rank(1).recv(20, 0, 0, INT, 1);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.REQUEST_LIFECYCLE, 12, List.of(0), 11);
        assertEquals(Severity.WARNING, f.severity());
    }

    /**
     * A rank's ended requests are kept only while they may still be waited for again; the lives
     * pushed out are made again for new requests. A hundred requests each waited and then freed,
     * then one waited twice: only that one is found (a life made again with a field of its old
     * request, freed or inactive, would make a new request's wait "used after free" or "completed
     * twice").
     */
    @Test
    void requestsLongEndedLeaveNothingToTheRequestsMadeAfterThem() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        RunBuilder.Rank zero = run.rank(0);
        for (int i = 0; i < 100; i++) {
            long req = zero.isend(10, 1, 0, INT, 1);
            zero.waitFor(11, req, -1, -1, -1);
            zero.rec.request(zero.site("Request.free", 14), RequestOp.FREE, req);
            run.rank(1).recv(20, 0, 0, INT, 1);
        }
        long last = zero.isend(10, 1, 0, INT, 1);
        zero.waitFor(11, last, -1, -1, -1).waitFor(12, last, -1, -1, -1);
        run.rank(1).recv(20, 0, 0, INT, 1);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.REQUEST_LIFECYCLE, 12, List.of(0), 11);
        assertTrue(f.message().contains("completed twice"), f.message());
    }

    /** A persistent send started twice, waited after each start if {@code waitEach}, freed at the end if {@code free}. */
    private void persistent(RunBuilder run, boolean waitEach, boolean free) throws Exception {
        RunBuilder.Rank zero = run.rank(0);
        long req = zero.newRequest();
        zero.rec.request(zero.site("Comm.sendInit", 10), RequestOp.CREATE_PERSISTENT, req);
        for (int i = 0; i < 2; i++) {
            int start = zero.site("Prequest.start", 11 + i);
            zero.rec.request(start, RequestOp.START, req);
            zero.rec.send(start, PointOp.START, RunBuilder.WORLD, 1, 0, INT, 1, req);
            if (waitEach) {
                zero.rec.complete(zero.site("Request.waitFor", 13), CompletionOp.WAIT, req, -1, -1, -1, 0);
            }
            run.rank(1).recv(20, 0, 0, INT, 1);
        }
        if (free) {
            zero.rec.request(zero.site("Request.free", 14), RequestOp.FREE, req);
        }
    }

    @Test
    void aPersistentRequestStartedWhileActiveIsAnErrorNamingTheEarlierStart() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        persistent(run, false, false);
        Analyzed a = Analyzed.of(run.write(true));
        List<Finding> found = a.of(FindingKind.REQUEST_LIFECYCLE);
        Finding started = found.stream().filter(f -> f.message().contains("started while active")).findFirst()
                .orElseThrow(() -> new AssertionError(a.describe()));
        assertEquals("Prog.java:12", started.site().location());
        assertEquals("Prog.java:11", started.related().get(0).site().location());
        // and it was never freed: a leak at its creation
        a.one(FindingKind.RESOURCE_LEAK, 10, List.of(0));
    }

    @Test
    void aPersistentRequestStartedWaitedAndFreedIsSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        persistent(run, true, true);
        Analyzed a = Analyzed.of(run.write(true));
        assertTrue(a.findings().isEmpty(), a.describe());
    }

    @Test
    void aPersistentRequestFreedWhileActiveIsAWarning() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        RunBuilder.Rank zero = run.rank(0);
        long req = zero.newRequest();
        zero.rec.request(zero.site("Comm.sendInit", 10), RequestOp.CREATE_PERSISTENT, req);
        zero.rec.request(zero.site("Prequest.start", 11), RequestOp.START, req);
        zero.rec.send(zero.site("Prequest.start", 11), PointOp.START, RunBuilder.WORLD, 1, 0, INT, 1, req);
        zero.rec.request(zero.site("Request.free", 14), RequestOp.FREE, req);
        run.rank(1).recv(20, 0, 0, INT, 1);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.REQUEST_LIFECYCLE, 14, List.of(0), 11);
        assertEquals(Severity.WARNING, f.severity());
    }

    @Test
    void aWaitForAPersistentRequestNeverStartedIsAWarningNamingItsMaking() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        RunBuilder.Rank zero = run.rank(0);
        long req = zero.newRequest();
        zero.rec.request(zero.site("Comm.sendInit", 10), RequestOp.CREATE_PERSISTENT, req);
        zero.rec.complete(zero.site("Request.waitFor", 13), CompletionOp.WAIT, req, -1, -1, -1, CompletionOp.INACTIVE);
        zero.rec.request(zero.site("Request.free", 14), RequestOp.FREE, req);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.REQUEST_LIFECYCLE, 13, List.of(0), 10);
        assertEquals(Severity.WARNING, f.severity());
        assertTrue(f.message().contains("never started") && !f.message().contains("completed at"), f.message());
    }

    @Test
    void aRequestUsedAfterFreeIsAnErrorNamingTheFree() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        RunBuilder.Rank zero = run.rank(0);
        long req = zero.newRequest();
        zero.rec.request(zero.site("Comm.recvInit", 10), RequestOp.CREATE_PERSISTENT, req);
        zero.rec.request(zero.site("Request.free", 11), RequestOp.FREE, req);
        zero.rec.request(zero.site("Prequest.start", 12), RequestOp.START, req);
        Finding f = Analyzed.of(run.write(true)).one(FindingKind.REQUEST_LIFECYCLE, 12, List.of(0), 11);
        assertTrue(f.message().contains("used after free"), f.message());
    }

    @Test
    void handlesNeverFreedAreOneLeakPerCreationSiteWithTheirCount() throws Exception {
        RunBuilder run = new RunBuilder(dir, 1);
        RunBuilder.Rank zero = run.rank(0);
        int split = zero.site("Intracomm.split", 10);
        for (long h = 1; h <= 3; h++) {
            zero.rec.handle(split, HandleKind.CREATE, HandleKind.COMM, h, 100 + h, 0, 0, 0);
        }
        zero.rec.handle(zero.site("Comm.free", 11), HandleKind.FREE, HandleKind.COMM, 2, 102, 0, 0, 0);
        zero.rec.handle(zero.site("MPI.attachBuffer", 12), HandleKind.CREATE, HandleKind.BUFFER, 1, 0, 0, 4096, 0);
        Analyzed a = Analyzed.of(run.write(true));
        List<Finding> leaks = a.of(FindingKind.RESOURCE_LEAK);
        assertEquals(2, leaks.size(), a.describe());
        assertEquals("Prog.java:10", leaks.get(0).site().location());
        assertTrue(leaks.get(0).message().contains("2 communicators made"), leaks.get(0).message());
        assertTrue(leaks.get(1).message().contains("MPI.detachBuffer"), leaks.get(1).message());
    }

    @Test
    void handlesFreedBeforeFinalizeAreSilent() throws Exception {
        RunBuilder run = new RunBuilder(dir, 1);
        RunBuilder.Rank zero = run.rank(0);
        zero.rec.handle(zero.site("Datatype.createVector", 10), HandleKind.CREATE, HandleKind.DATATYPE, 1, 0, 0, 0,
                0);
        zero.rec.handle(zero.site("Datatype.free", 11), HandleKind.FREE, HandleKind.DATATYPE, 1, 0, 0, 0, 0);
        Analyzed.of(run.write(true)).none(FindingKind.RESOURCE_LEAK);
    }
}
