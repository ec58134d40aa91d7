package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.trace.TraceRecorder;

class ReceiveScheduleTest {

    private static final int INT = 5;
    private static final int ANY = TraceRecorder.ANY;

    @TempDir
    Path dir;

    private static SiteRef line(int line) {
        return new SiteRef("demo.Prog", "main", "Prog.java", line);
    }

    @Test
    void everyReceiveIsNamedByItsLocationAndOccurrenceWithTheSenderItTook() throws Exception {
        RunBuilder run = new RunBuilder(dir, 4);
        for (int q = 1; q <= 3; q++) {
            run.rank(q).send(10 + q, 0, 0, INT, 1);
        }
        run.rank(0).recv(20, ANY, 0, INT, 1, 3, 0).recv(20, ANY, 0, INT, 1, 1, 0).recv(20, 2, 0, INT, 1);
        ReceiveSchedule schedule = ReceiveSchedule.read(run.write(true));
        assertTrue(schedule.whole());
        List<ReceiveSchedule.Receive> zero = schedule.receives(0);
        assertEquals(List.of(1, 2, 3), zero.stream().map(ReceiveSchedule.Receive::occurrence).toList());
        assertEquals(List.of(3, 1, 2), zero.stream().map(ReceiveSchedule.Receive::taken).toList());
        assertEquals(List.of(true, true, false), zero.stream().map(ReceiveSchedule.Receive::anySource).toList());
        assertEquals("the 2nd Comm.recv of rank 0 at Prog.java:20", zero.get(1).describe());
        assertEquals(zero.get(1), schedule.receive(0, line(20), 2));
        assertNull(schedule.receive(0, line(20), 4), "never posted");
        assertNull(schedule.receive(0, line(21), 1));
    }

    @Test
    void racesGiveTheSendTakenAndEveryAlternativeWithItsSite() throws Exception {
        RunBuilder run = new RunBuilder(dir, 4);
        for (int q = 1; q <= 3; q++) {
            run.rank(q).send(10 + q, 0, 0, INT, 1);
        }
        for (int q = 1; q <= 3; q++) {
            run.rank(0).recv(20, ANY, 0, INT, 1, q, 0);
        }
        List<ReceiveSchedule.Race> races = ReceiveSchedule.read(run.write(true)).races();
        assertEquals(2, races.size());
        ReceiveSchedule.Race first = races.get(0);
        assertEquals(1, first.receive().occurrence());
        assertEquals(new RelatedCall(1, "Comm.send", line(11)), first.taken());
        assertEquals(List.of(new RelatedCall(2, "Comm.send", line(12)), new RelatedCall(3, "Comm.send", line(13))),
                first.alternatives());
        assertEquals(2, races.get(1).receive().occurrence());
        assertEquals(List.of(3), races.get(1).alternatives().stream().map(RelatedCall::rank).toList());
    }

    @Test
    void twoCallsOfOneSourceLineCountAsOneLocationAsTheAgentCountsThem() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        run.rank(1).send(11, 0, 0, INT, 1).send(11, 0, 0, INT, 1);
        RunBuilder.Rank zero = run.rank(0);
        zero.recv(20, ANY, 0, INT, 1, 1, 0);
        long req = zero.irecv(20, ANY, 0, INT, 1);
        zero.waitFor(21, req, 1, 0, 1);
        List<ReceiveSchedule.Receive> receives = ReceiveSchedule.read(run.write(true)).receives(0);
        assertEquals(List.of("Comm.recv", "Comm.iRecv"), receives.stream().map(ReceiveSchedule.Receive::op).toList());
        assertEquals(List.of(1, 2), receives.stream().map(ReceiveSchedule.Receive::occurrence).toList());
        assertEquals(1, receives.get(1).taken(), "the wait's status names the source");
    }
}
