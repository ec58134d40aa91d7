package org.mpiguard.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.site.CallSites;
import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.TraceRecorder;
import org.mpiguard.core.trace.TraceWriter;

/** The report's timelines from traces written by checker-core's own TraceWriter. */
class TraceTimelineTest {

    @TempDir
    Path dir;

    /** Rank {@code rank} of 2: a barrier, then {@code calls} sends to the other rank, then a receive that hangs. */
    private void trace(int rank, int calls) throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        TraceWriter writer = TraceWriter.start(dir, rank, 2, new PrintStream(err, true, StandardCharsets.UTF_8));
        TraceRecorder r = writer.recorder();
        int barrier = CallSites.register("Comm.barrier", "org.acme.Ring", "main", "Ring.java", 30);
        int send = CallSites.register("Comm.send", "org.acme.Ring", "exchange", "Ring.java", 40);
        int recv = CallSites.register("Comm.recv", "org.acme.Ring", "exchange", "Ring.java", 41);
        r.collective(barrier, CollectiveKind.BARRIER, false, 1L, 1L, -1, 0, 0, 0, 0, 0, 0L);
        for (int i = 0; i < calls; i++) {
            r.send(send, PointOp.SEND, 1L, 1 - rank, i, 5, 1, 0L);
        }
        r.recv(recv, PointOp.RECV, 1L, 1 - rank, 99, 5, 1, 0L);
        writer.flush();   // as before an abort: the trace stops at the hang, without END
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void eachRankShowsItsLastRecordedCallsEndingAtTheHangLinkedToTheFinding() throws Exception {
        trace(0, 3);
        trace(1, 12);
        Findings.write(dir, 0, List.of(), Findings.deadlock());   // ranks 0 and 1 blocked at Ring.java:41 and :44
        MergedReport report = FindingsDirectory.read(dir);
        TimelineSource source = TimelineSource.of(report, dir);
        assertTrue(source.origin().contains("trace-rank<N>.mpgt"), source.origin());
        SortedMap<Integer, List<TimelineSource.Event>> calls = source.lastCalls(8);
        assertEquals(List.of(0, 1), List.copyOf(calls.keySet()));
        List<TimelineSource.Event> rank0 = calls.get(0);
        assertEquals(5, rank0.size(), "barrier, three sends, the receive");
        assertEquals("Comm.barrier", rank0.get(0).op());
        assertEquals("send to rank 1, tag 2", rank0.get(3).what());
        TimelineSource.Event last = rank0.get(4);
        assertEquals("Comm.recv", last.op());
        assertEquals(41, last.site().line());
        assertEquals("receive from rank 1, tag 99", last.what());
        assertEquals(0, last.finding(), "the deadlock names rank 0's receive at line 41");
        assertEquals(-1, rank0.get(3).finding());
        List<TimelineSource.Event> rank1 = calls.get(1);
        assertEquals(8, rank1.size(), "only the last 8 of rank 1's 14 calls");
        assertEquals("send to rank 0, tag 5", rank1.get(0).what());
        assertEquals(-1, rank1.get(7).finding(), "rank 1's receive is at line 41, the finding says 44");

        String page = new HtmlReport(report, SourceFinder.of(dir, null), source, null, Map.of()).render();
        int row = page.indexOf("<div class=\"tl-row\" data-rank=\"0\">");
        String row0 = page.substring(row, page.indexOf("</ol>", row));
        assertTrue(row0.contains("receive from rank 1, tag 99") && row0.contains("Comm.barrier"), row0);
    }

    @Test
    void withoutTracesTheFindingsAreTheSource() throws Exception {
        Findings.write(dir, 0, List.of(), Findings.deadlock());
        TimelineSource source = TimelineSource.of(FindingsDirectory.read(dir), dir);
        assertTrue(source.origin().startsWith("from the findings"), source.origin());
    }

    @Test
    void anUnreadableTraceIsNamedAndLeftOut() throws Exception {
        trace(0, 1);
        Files.write(dir.resolve("trace-rank1.mpgt"), new byte[] {1, 2, 3});
        Findings.write(dir, 0, List.of(), Findings.deadlock());
        TimelineSource source = TimelineSource.of(FindingsDirectory.read(dir), dir);
        assertTrue(source.origin().contains("trace-rank1.mpgt"), source.origin());
        assertEquals(List.of(0), List.copyOf(source.lastCalls(8).keySet()));
    }
}
