package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.trace.TraceRecorder;

/** Traces that are not whole: the analysis goes on, says what it could not conclude, and invents nothing. */
class IncompleteTracesTest {

    @TempDir
    Path dir;

    @Test
    void aMissingRankIsNamedAndTheReceiveWaitingForItsSendDoesNotStopTheAnalysis() throws Exception {
        RunBuilder run = new RunBuilder(dir, 3);
        run.rank(1).send(11, 0, 0, 5, 1);
        run.rank(2).send(12, 0, 0, 5, 1);
        run.rank(0).recv(20, TraceRecorder.ANY, 0, 5, 1, 2, 0).recv(21, TraceRecorder.ANY, 0, 5, 1, 1, 0).barrier(30);
        run.rank(1).barrier(30);
        run.rank(2).barrier(30);
        run.write(true);
        Files.delete(dir.resolve("trace-rank2.mpgt"));
        Analyzed a = Analyzed.of(dir);
        List<String> notes = a.result().notes();
        assertTrue(notes.stream().anyMatch(n -> n.contains("no trace of rank 2")), notes.toString());
        a.none(FindingKind.RESOURCE_LEAK);
        a.none(FindingKind.MESSAGE_RACE);
        a.none(FindingKind.TYPE_MISMATCH);
    }

    @Test
    void droppedEventsAreSaidAndSilenceAbsenceChecksOnThatRank() throws Exception {
        RunBuilder run = new RunBuilder(dir, 2);
        RunBuilder.Rank zero = run.rank(0);
        // the ring of a RunBuilder rank holds 65,536 events: the rest are dropped and counted
        for (int i = 0; i < 70_000; i++) {
            zero.send(10, 1, 0, 5, 1);
        }
        run.write(true);
        Analyzed a = Analyzed.of(dir);
        assertTrue(a.result().notes().stream().anyMatch(n -> n.contains("misses") && n.contains("dropped")),
                a.result().notes().toString());
        // a dropped cancel could explain any of rank 0's unreceived sends: no conclusion from absence there
        a.none(FindingKind.RESOURCE_LEAK);
        a.none(FindingKind.REQUEST_LIFECYCLE);
    }
}
