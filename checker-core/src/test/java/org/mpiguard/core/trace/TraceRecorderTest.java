package org.mpiguard.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceRecorderTest {

    @Test
    void aFullRingDropsAndCountsInsteadOfGrowingAndTheTraceSaysHowMany() throws Exception {
        TraceBytes t = new TraceBytes(0, 1);
        int site = t.site("Comm.send", "A.java", 1);
        TraceRecorder small = new TraceRecorder(1024);
        for (int i = 0; i < 1500; i++) {
            small.send(site, PointOp.SEND, 1, 0, i, 5, 1, 0);
        }
        assertEquals(1024, small.recorded());
        assertEquals(476, small.dropped());
        // the same through the encoder: the file carries the count
        for (int i = 0; i < 1030; i++) {
            t.recorder.send(site, PointOp.SEND, 1, 0, i, 5, 1, 0);
        }
        TraceFile f = TraceBytes.read(t.finish(true));
        assertEquals(1024, f.events().size());
        assertEquals(6, f.dropped());
    }

    @Test
    void concurrentThreadsKeepTheirOwnOrderAndNothingIsLostWhileTheWriterKeepsUp(@TempDir Path dir)
            throws Exception {
        TraceWriter writer = TraceWriter.start(dir, 3, 4, System.err);
        TraceRecorder r = writer.recorder();
        int threads = 4;
        int each = 20_000;
        Thread[] workers = new Thread[threads];
        for (int k = 0; k < threads; k++) {
            int tag = k;
            workers[k] = new Thread(() -> {
                for (int i = 0; i < each; i++) {
                    r.send(0, PointOp.SEND, 1, 0, tag, 5, i, 0);
                    if ((i & 63) == 0) {
                        Thread.yield();
                    }
                }
            });
            workers[k].start();
        }
        for (Thread w : workers) {
            w.join();
        }
        writer.close();
        TraceFile f = TraceReader.read(dir.resolve("trace-rank3.mpgt"));
        assertTrue(f.complete());
        assertEquals(threads * each, f.events().size() + f.dropped());
        Map<Long, Long> lastCount = new HashMap<>();
        for (TraceEvent e : f.events()) {
            long previous = lastCount.getOrDefault(e.field(3), -1L);
            assertTrue(e.field(5) > previous, "a thread's events stay in its order");
            lastCount.put(e.field(3), e.field(5));
        }
        List<TraceEvent> events = f.events();
        for (int i = 1; i < events.size(); i++) {
            assertTrue(events.get(i).seq() > events.get(i - 1).seq());
        }
    }

    @Test
    void flushPutsEveryRecordedEventOnDiskBeforeTheTraceIsClosed(@TempDir Path dir) throws Exception {
        TraceWriter writer = TraceWriter.start(dir, 0, 2, System.err);
        for (int i = 0; i < 300; i++) {
            writer.recorder().send(0, PointOp.SEND, 1, 1, i, 5, 1, 0);
        }
        writer.flush();
        TraceFile f = TraceReader.read(writer.path());
        assertEquals(300, f.events().size());
        assertTrue(!f.complete());
        writer.close();
        writer.recorder().send(0, PointOp.SEND, 1, 1, 0, 5, 1, 0);
        assertEquals(300, TraceReader.read(writer.path()).events().size(), "events after close are ignored");
    }
}
