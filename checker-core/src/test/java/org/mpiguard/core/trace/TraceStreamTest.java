package org.mpiguard.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.collective.CollectiveKind;

/** The streaming reader gives the events the whole-file reader gives, in its order, from a file it never holds. */
class TraceStreamTest {

    @TempDir
    Path dir;

    private final PrintStream err = new PrintStream(new ByteArrayOutputStream());

    /** Three threads recording at once, each in rounds of its own kind, so their chunks interleave in the file. */
    private Path threeThreads(int rounds, boolean close) throws Exception {
        TraceWriter w = TraceWriter.start(dir, 1, 4, err);
        TraceRecorder r = w.recorder();
        CyclicBarrier step = new CyclicBarrier(3);
        Thread[] threads = new Thread[3];
        for (int k = 0; k < threads.length; k++) {
            int kind = k;
            threads[k] = new Thread(() -> {
                try {
                    for (int i = 0; i < rounds; i++) {
                        long q = 1000L * kind + 4L * i;
                        switch (kind) {
                            case 0 -> {
                                r.send(20, PointOp.ISEND, 1L, 2, 3, 5, 64, q);
                                r.complete(21, CompletionOp.WAIT, q, -1, -1, -1, 0);
                            }
                            case 1 -> {
                                r.recv(30, PointOp.RECV, 1L, TraceRecorder.ANY, 4, 5, 8, 0);
                                r.complete(31, CompletionOp.BLOCKING, 0, i % 4, 4, 8, 0);
                            }
                            default -> r.collective(40, CollectiveKind.ALL_REDUCE, false, 1L, i, 0, 0, 8, 1, 8, 1, 0L);
                        }
                        if (i % 5_000 == 0) {
                            step.await(); // the threads meet now and then, so each claims chunks between the others'
                        }
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            threads[k].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        if (close) {
            w.close();
        } else {
            w.flush();
        }
        return w.path();
    }

    private static void assertSameAsWholeRead(Path file) throws Exception {
        TraceFile whole = TraceReader.read(file);
        try (TraceStream s = TraceStream.open(file)) {
            assertEquals(whole.rank(), s.header().rank());
            assertEquals(whole.worldSize(), s.header().worldSize());
            assertEquals(whole.complete(), s.header().complete());
            assertEquals(whole.dropped(), s.header().dropped());
            assertEquals(whole.sites().keySet(), s.header().sites().keySet());
            assertTrue(s.header().events().isEmpty(), "the header holds no events");
            for (int i = 0; i < whole.events().size(); i++) {
                TraceEvent a = whole.events().get(i);
                TraceEvent b = s.next();
                assertEquals(a.seq(), b.seq(), "event " + i);
                assertEquals(a.kind(), b.kind(), "event " + i);
                assertEquals(a.site(), b.site(), "event " + i);
                assertEquals(a.thread(), b.thread(), "event " + i);
                assertArrayEquals(a.fields(), b.fields(), "event " + i);
            }
            assertNull(s.next());
            assertEquals(whole.events().size(), s.position());
        }
    }

    @Test
    void threadsInterleavedInTheFileComeBackInSequenceOrderAsTheWholeReadHasThem() throws Exception {
        Path file = threeThreads(60_000, true);
        assertTrue(Files.size(file) > 4L * TraceFormat.CHUNK_BYTES, "several chunks: " + Files.size(file));
        assertSameAsWholeRead(file);
        try (TraceStream s = TraceStream.open(file)) {
            long last = -1;
            for (TraceEvent e = s.next(); e != null; e = s.next()) {
                assertTrue(e.seq() > last, "in sequence order");
                last = e.seq();
            }
            assertEquals(5L * 60_000, s.position(), "every event");
        }
    }

    @Test
    void aTraceNeverClosedStreamsUpToItsLastRecord() throws Exception {
        Path file = threeThreads(7_000, false);
        try (TraceStream s = TraceStream.open(file)) {
            assertFalse(s.header().complete());
        }
        assertSameAsWholeRead(file);
    }

    @Test
    void aVersionOneTraceStreamsFromMemory() throws Exception {
        TraceBytes t = new TraceBytes(2, 3);
        t.recorder.send(5, PointOp.SEND, 1L, 0, 7, 5, 1, 0L);
        t.recorder.recv(6, PointOp.RECV, 1L, 0, 7, 5, 1, 0L);
        Path file = dir.resolve(TraceFormat.fileName(2));
        Files.write(file, t.finish(true));
        assertSameAsWholeRead(file);
    }

    @Test
    void aMissingFileOrACorruptRunIsAFormatError() throws Exception {
        assertThrows(TraceFormatException.class, () -> TraceStream.open(dir.resolve("trace-rank5.mpgt")));
        TraceWriter w = TraceWriter.start(dir, 0, 1, err);
        for (int i = 0; i < 200; i++) {
            w.recorder().send(20, PointOp.ISEND, 1L, 0, 3, 5, 64, 4L * i);
        }
        w.close();
        byte[] bytes = Files.readAllBytes(w.path());
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int at = TraceBytes.longestRun(b, bytes.length);
        assertTrue(at > 0, "the loop wrote a run record");
        b.putLong(at, RepeatRuns.runWord(1L << 40, RepeatRuns.period(b.getLong(at))));
        Path corrupt = dir.resolve("trace-rank7.mpgt");
        Files.write(corrupt, bytes);
        try (TraceStream s = TraceStream.open(corrupt)) {
            TraceFormatException e = assertThrows(TraceFormatException.class, () -> {
                while (s.next() != null) {
                    // read up to the run
                }
            });
            assertTrue(e.getMessage().contains("more than a trace can hold"), e.getMessage());
        }
    }
}
