package org.mpiguard.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.site.CallSites;

/** Format version 4: what the recording threads write into the mapped file reads back as version 1 would. */
class MappedTraceTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);

    /** Every kind, with values at the edges of their widths. */
    private static void everyKind(TraceRecorder r, int s1, int s2) {
        int vec = r.defineSignature(new int[] {5, 7}, new long[] {3, 1}, 16, 24);
        int members = r.defineRanks(new int[] {0, 2, 3});
        r.send(s1, PointOp.ISEND, Long.MIN_VALUE + 7, 3, Integer.MAX_VALUE, 5, 100, Long.MAX_VALUE);
        r.recv(s2, PointOp.IRECV, 77L, TraceRecorder.ANY, TraceRecorder.ANY, vec, 4, 12L);
        r.complete(s2, CompletionOp.WAIT_ALL, 12L, 1, 42, Integer.MIN_VALUE, CompletionOp.INACTIVE);
        r.probe(s1, ProbeOp.IPROBE, 77L, 1, -1, true, 1, 8, 3);
        r.collective(s1, CollectiveKind.BCAST, true, 1L, 1L << 50, 0, 0, 8, 10, 8, 10, 13L);
        r.rma(s1, RmaOp.ACCUMULATE, 99L, 1, 1L << 40, 2, 6, 2, 6, 3, 0L, -5L, AccumulateOp.NO_OP);
        r.rmaSync(s2, RmaSyncOp.LOCK, 99L, 1, RmaSyncOp.LOCK_SHARED, 0, members);
        r.access(s2, 99L, 1L << 33, 8, true, 123456789L);
        r.localAccess(s1, 99L, 0, 4, false, 0, false);
        r.localAccess(s1, 99L, 4, 4, false, 0, false);
        r.request(s1, RequestOp.FREE, 11L);
        r.handle(s1, HandleKind.CREATE, HandleKind.WIN, 3L, 99L, members, 1L << 36, 8);
        r.statusRead(s2, TraceRecorder.STATUS_TAG, 1, 42);
        r.finalizeCalled(s2);
    }

    @Test
    void everyKindReadsBackAsTheVersionOneEncodingOfTheSameCalls() throws Exception {
        int s1 = CallSites.register("Comm.iSend", "demo.Ring", "main", "Ring.java", 31);
        TraceWriter w = TraceWriter.start(dir, 2, 4, errStream);
        int s2 = CallSites.register("Comm.iRecv", "demo.Ring", "main", "Ring.java", 32); // after the start
        everyKind(w.recorder(), s1, s2);
        w.close();
        TraceFile v2 = TraceReader.read(w.path());

        TraceBytes t = new TraceBytes(2, 4);
        everyKind(t.recorder, s1, s2);
        TraceFile v1 = TraceBytes.read(t.finish(true));

        assertEquals(TraceFormat.VERSION, v2.version());
        assertEquals(2, v2.rank());
        assertEquals(4, v2.worldSize());
        assertTrue(v2.complete());
        assertEquals(0, v2.dropped());
        assertEquals(-1, v2.truncatedAt());
        assertEquals(v1.events().size(), v2.events().size());
        for (int i = 0; i < v1.events().size(); i++) {
            TraceEvent a = v1.events().get(i);
            TraceEvent b = v2.events().get(i);
            assertEquals(a.kind(), b.kind(), "event " + i);
            assertEquals(i, b.seq());
            assertEquals(a.site(), b.site());
            assertEquals(Thread.currentThread().getId(), b.thread());
            assertArrayEquals(a.fields(), b.fields(), a + " / " + b);
        }
        assertEquals("Ring.java", v2.site(s1).file());
        assertEquals(32, v2.site(s2).line());
        assertEquals("Comm.iRecv", v2.site(s2).op());
        int vec = v2.events().get(1).intField(4);
        assertArrayEquals(new long[] {3, 1}, v2.signature(vec).reps());
        assertArrayEquals(new int[] {0, 2, 3}, v2.rankSets().get(v2.events().get(6).intField(5)));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    /** {@code n} sends to rank 0, the i-th with tag i. */
    private static void sends(TraceWriter w, int site, int n) {
        for (int i = 0; i < n; i++) {
            w.recorder().send(site, PointOp.SEND, 1L, 0, i, 5, 1, 0L);
        }
    }

    @Test
    void aClosedTraceSaysHowManyEventsItRecordedWithoutBeingRead() throws Exception {
        int site = CallSites.register("Comm.send", "demo.Count", "main", "Count.java", 9);
        TraceWriter w = TraceWriter.start(dir, 0, 1, errStream);
        sends(w, site, 1234);
        w.close();
        assertEquals(1234, TraceReader.eventsRecorded(w.path()));
        TraceBytes t = new TraceBytes(0, 1);
        t.recorder.send(site, PointOp.SEND, 1L, 0, 1, 5, 1, 0L);
        java.nio.file.Path v1 = dir.resolve("v1.mpgt");
        java.nio.file.Files.write(v1, t.finish(true));
        assertEquals(-1, TraceReader.eventsRecorded(v1), "version 1 does not say");
        java.nio.file.Path other = dir.resolve("other.mpgt");
        java.nio.file.Files.writeString(other, "not a trace at all, but long enough for a header of 48 bytes");
        assertEquals(-1, TraceReader.eventsRecorded(other));
    }

    @Test
    void aRankThatNeverClosesItsTraceLeavesEveryEventItRecordedReadable() throws Exception {
        int site = CallSites.register("Comm.send", "demo.Killed", "main", "Killed.java", 7);
        TraceWriter w = TraceWriter.start(dir, 1, 2, errStream);
        sends(w, site, 5000);
        // no flush, no close: what a rank killed by SIGKILL leaves (the pages are the kernel's)
        TraceFile f = TraceReader.read(w.path());
        assertFalse(f.complete());
        assertEquals(5000, f.events().size());
        assertEquals(4999, f.events().get(4999).field(3));
        assertEquals(7, f.site(site).line());
    }

    @Test
    void aRecordCutBeforeItsFirstWordEndsItsChunkWithoutAnError() throws Exception {
        TraceWriter w = TraceWriter.start(dir, 0, 1, errStream);
        for (int i = 0; i < 3; i++) {
            w.recorder().send(0, PointOp.SEND, 1L, 0, i, 5, 1, 0L);
        }
        w.close();
        byte[] bytes = Files.readAllBytes(w.path());
        int third = TraceFormat.CHUNK_BYTES + TraceFormat.CHUNK_HEADER + 2 * RecordLayout.size(EventKind.SEND.tag());
        bytes[third + 20] = 9; // a field stored, then killed before the record's first word
        for (int i = 0; i < 8; i++) {
            bytes[third + i] = 0;
        }
        TraceFile f = TraceReader.read(w.path(), bytes, bytes.length);
        assertEquals(2, f.events().size());
    }

    @Test
    void aDefinitionLargerThanAChunkContinuesInTheNextDefinitionsChunkBetweenTheThreadsEvents() throws Exception {
        TraceWriter w = TraceWriter.start(dir, 0, 1, errStream);
        TraceRecorder r = w.recorder();
        int runs = 40_000;
        int[] codes = new int[runs];
        long[] reps = new long[runs];
        for (int i = 0; i < runs; i++) {
            codes[i] = 1 + i % 8;
            reps[i] = 1000 + i;
        }
        r.send(0, PointOp.SEND, 1L, 0, 1, 5, 1, 0L);
        int big = r.defineSignature(codes, reps, 1, 2);
        int small = r.defineSignature(new int[] {5, 8}, new long[] {1, 1}, 12, 16);
        r.send(0, PointOp.SEND, 1L, 0, 2, big, 1, 0L);
        r.send(0, PointOp.SEND, 1L, 0, 3, small, 1, 0L);
        w.close();
        TraceFile f = TraceReader.read(w.path());
        assertEquals(3, f.events().size());
        assertArrayEquals(reps, f.signature(f.events().get(1).intField(4)).reps());
        assertArrayEquals(new int[] {5, 8}, f.signature(f.events().get(2).intField(4)).codes());
    }

    @Test
    void pastTraceMaxRecordingStopsTheFileStaysUnderItAndTheTraceSaysHowManyEventsItMisses() throws Exception {
        long max = 1L << 20;
        TraceWriter w = TraceWriter.start(dir, 0, 2, max, errStream);
        int n = 100_000;
        Consumer<TraceRecorder> loop = r -> {
            for (int i = 0; i < n; i++) {
                r.send(0, PointOp.SEND, 1L, 1, Integer.reverse(i), 5, 1, 0L); // irregular: no repeat records
            }
        };
        loop.accept(w.recorder());
        w.close();
        assertTrue(Files.size(w.path()) <= max, "file " + Files.size(w.path()));
        TraceFile f = TraceReader.read(w.path());
        assertTrue(f.complete());
        assertTrue(f.events().size() > 10_000, "kept " + f.events().size());
        assertEquals(n, f.events().size() + f.dropped());
        assertThrows(IllegalArgumentException.class, () -> TraceWriter.start(dir, 1, 2, 256, errStream),
                "a cap that holds no event (the ring capacity of the former signature) is refused");
        List<String> said = err.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(1, said.size(), said.toString());
        assertTrue(said.get(0).contains("trace-max=" + max) && said.get(0).contains("recording stops"), said.get(0));
    }

    @Test
    void rankZeroRemovesTheTracesAnEarlierRunOfMoreRanksLeftAndKeepsThisRunsOwn() throws Exception {
        for (int r = 0; r < 4; r++) {
            TraceWriter.start(dir, r, 4, errStream).close();
        }
        Path other = Files.writeString(dir.resolve("trace-rank3.mpgt.bak"), "not a trace");
        TraceWriter one = TraceWriter.start(dir, 1, 2, errStream);
        assertTrue(Files.exists(dir.resolve("trace-rank3.mpgt")), "only rank 0 cleans up");
        TraceWriter zero = TraceWriter.start(dir, 0, 2, errStream);
        zero.close();
        one.close();
        assertFalse(Files.exists(dir.resolve("trace-rank2.mpgt")));
        assertFalse(Files.exists(dir.resolve("trace-rank3.mpgt")));
        assertEquals(2, TraceReader.read(dir.resolve("trace-rank1.mpgt")).worldSize(), "rank 1's trace is this run's");
        assertTrue(Files.exists(other), "a file not named as a trace is left alone");
        assertEquals(3, TraceFormat.rankOf("trace-rank3.mpgt"));
        assertEquals(-1, TraceFormat.rankOf("trace-rank99999999999.mpgt"));
        assertEquals(-1, TraceFormat.rankOf("findings-analysis.jsonl"));
    }

    /** One thread's calls of a loop: a few sites, most repeating step by step, two sharing a memo slot. */
    private static List<long[]> loop(TraceRecorder r, int iterations, int base) {
        List<long[]> sent = new java.util.ArrayList<>();
        for (int i = 0; i < iterations; i++) {
            long[][] calls = {
                {1, 1, 7, 5, 1, 0}, // the same every time
                {2, 1, 7, 5, 1, 1000L + 3L * i}, // a request id that steps
                {2 + 32, 1, i, 5, 1, 0}, // the memo slot of site 2's sends: neither is remembered long
                {3, 1, (i * 31) % 7, 5, i % 5 == 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE, -1L << 40},
                {4, 1, 7, 5, 1, (long) Integer.MAX_VALUE + i}, // past an int: a wide field
            };
            for (long[] c : calls) {
                int site = base + (int) c[0];
                if (c[0] == 4 && i % 100 != 0) {
                    continue;
                }
                r.send(site, PointOp.ISEND, c[1], (int) c[2], (int) c[3], 5, (int) c[4], c[5]);
                sent.add(new long[] {site, PointOp.ISEND.ordinal(), c[1], (int) c[2], (int) c[3], 5, (int) c[4], c[5]});
            }
            // one site, a round of two (two neighbours) and one of three events whose fields step round by round
            for (int k = 0; k < 5; k++) {
                int site = base + (k < 2 ? 5 : 6);
                long request = 5000L + 5L * i + k;
                int peer = k < 2 ? 1 + k : k;
                r.send(site, PointOp.ISEND, 1L, peer, 9, 5, 1, request);
                sent.add(new long[] {site, PointOp.ISEND.ordinal(), 1L, peer, 9, 5, 1, request});
            }
        }
        return sent;
    }

    @Test
    void eventsThatRepeatTheirSitesRoundStepByStepAreEightBytesAndReadBackAsRecorded() throws Exception {
        TraceWriter w = TraceWriter.start(dir, 0, 2, errStream);
        List<long[]>[] sent = new List[2];
        Thread other = new Thread(() -> sent[1] = loop(w.recorder(), 20_000, 1000));
        other.start();
        sent[0] = loop(w.recorder(), 20_000, 0);
        other.join();
        w.close();
        TraceFile f = TraceReader.read(w.path());
        assertEquals(TraceFormat.VERSION, f.version());
        assertEquals(sent[0].size() + sent[1].size(), f.events().size());
        long mine = Thread.currentThread().getId();
        for (int t = 0; t < 2; t++) {
            boolean main = t == 0;
            List<TraceEvent> read = f.events().stream().filter(e -> (e.thread() == mine) == main).toList();
            assertEquals(sent[t].size(), read.size());
            for (int i = 0; i < read.size(); i++) {
                long[] want = sent[t].get(i);
                TraceEvent e = read.get(i);
                assertEquals(EventKind.SEND, e.kind());
                assertEquals(want[0], e.site(), "event " + i + " of thread " + t);
                assertArrayEquals(java.util.Arrays.copyOfRange(want, 1, want.length), e.fields(), "event " + i + ": " + e);
            }
        }
        for (int i = 1; i < f.events().size(); i++) {
            assertEquals(f.events().get(i - 1).seq() + 1, f.events().get(i).seq(), "every event, in order");
        }

        TraceWriter same = TraceWriter.start(dir, 1, 2, errStream);
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            // a waitAll's round: four requests of four peers, each a round later four ids on
            same.recorder().complete(1, CompletionOp.WAIT_ALL, 4L * i, i % 4, 7, 1, 0);
        }
        same.close();
        long eventBytes = Files.size(same.path()) - TraceFormat.CHUNK_BYTES;
        assertTrue(eventBytes <= 8L * n + 2L * TraceFormat.CHUNK_BYTES, eventBytes + " bytes for " + n + " events");
        assertEquals(n, TraceReader.read(same.path()).events().size());
    }

    /** A halo round of iterations {@code from} to {@code to}: two posts each way, a waitAll; every {@code breakEvery}th an allReduce that repeats nothing. */
    private static void haloRounds(TraceRecorder r, int from, int to, int breakEvery) {
        for (int i = from; i < to; i++) {
            long q = 100L + 4L * i;
            r.recv(11, PointOp.IRECV, 1L, 1, 3, 5, 64, q);
            r.recv(11, PointOp.IRECV, 1L, 3, 3, 5, 64, q + 1);
            r.send(12, PointOp.ISEND, 1L, 1, 3, 5, 64, q + 2);
            r.send(12, PointOp.ISEND, 1L, 3, 3, 5, 64, q + 3);
            r.complete(13, CompletionOp.WAIT_ALL, q, 4, 0, 0, 0);
            if (breakEvery > 0 && i % breakEvery == breakEvery - 1) {
                r.collective(14, CollectiveKind.ALL_REDUCE, false, 1L, (long) i * i, 0, 0, 8, 1, 8, 1, 0L);
            }
        }
    }

    @Test
    void aLoopOfRepeatingRoundsIsOneRunRecordAndReadsBackEventForEvent() throws Exception {
        int n = 50_000;
        TraceWriter w = TraceWriter.start(dir, 0, 1, errStream);
        haloRounds(w.recorder(), 0, n, 0);
        w.close();
        long eventBytes = Files.size(w.path()) - 2L * TraceFormat.CHUNK_BYTES; // the header and definitions chunks
        assertTrue(eventBytes <= TraceFormat.CHUNK_BYTES, eventBytes + " bytes for " + 5 * n + " events");
        assertSameEvents(w.path(), 0, n, 0);

        // broken every 7th round by an event that repeats nothing: a run a round, each read back in its place
        TraceWriter broken = TraceWriter.start(dir, 1, 2, errStream);
        haloRounds(broken.recorder(), 0, n, 7);
        broken.close();
        // a round's run resumes after the allReduce's record from the words before it: 524,288 bytes;
        // a run that restarted from nothing after each full record took 1,048,576
        long brokenBytes = Files.size(broken.path()) - 2L * TraceFormat.CHUNK_BYTES;
        long brokenEvents = 5L * n + n / 7;
        assertTrue(brokenBytes <= 3 * brokenEvents, brokenBytes + " bytes for " + brokenEvents + " events");
        assertSameEvents(broken.path(), 0, n, 7);
    }

    @Test
    void aRankKilledInTheMiddleOfARunLeavesEveryEventItRecorded() throws Exception {
        TraceWriter w = TraceWriter.start(dir, 0, 1, errStream);
        haloRounds(w.recorder(), 0, 999, 0);
        w.recorder().recv(11, PointOp.IRECV, 1L, 1, 3, 5, 64, 100L + 4L * 999); // a round cut after its first event
        // no close: the run's count in the mapped page is what the reader finds
        TraceFile f = TraceReader.read(w.path());
        assertFalse(f.complete());
        assertEquals(5 * 999 + 1, f.events().size());
        assertEquals(100L + 4L * 999, f.events().get(5 * 999).field(6));
    }

    @Test
    void aRunWhoseCountCannotBeHeldIsAFormatErrorNotACrash() throws Exception {
        TraceWriter w = TraceWriter.start(dir, 0, 1, errStream);
        haloRounds(w.recorder(), 0, 100, 0);
        w.close();
        byte[] bytes = Files.readAllBytes(w.path());
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int at = TraceBytes.longestRun(b, bytes.length);
        assertTrue(at > 0, "the halo loop wrote a run record");
        long count = RepeatRuns.count(b.getLong(at));
        assertTrue(count > 100, "the run stands for most of the loop: " + count);
        b.putLong(at, RepeatRuns.runWord(1L << 40, RepeatRuns.period(b.getLong(at))));
        Path corrupt = dir.resolve("trace-rank9.mpgt");
        Files.write(corrupt, bytes);
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceReader.read(corrupt));
        assertTrue(e.getMessage().contains("more than a trace can hold"), e.getMessage());
    }

    /**
     * The file's events are those of {@link #haloRounds} over the same rounds, as version 1
     * encodes them (100 rounds at a time: its ring holds 1,024 events).
     */
    private static void assertSameEvents(Path file, int from, int to, int breakEvery) throws Exception {
        TraceFile read = TraceReader.read(file);
        int i = 0;
        for (int batch = from; batch < to; batch += 100) {
            TraceBytes t = new TraceBytes(read.rank(), read.worldSize());
            haloRounds(t.recorder, batch, Math.min(to, batch + 100), breakEvery);
            for (TraceEvent a : TraceBytes.read(t.finish(true)).events()) {
                TraceEvent b = read.events().get(i);
                assertEquals(i, b.seq());
                assertEquals(a.kind(), b.kind(), "event " + i);
                assertEquals(a.site(), b.site(), "event " + i);
                assertArrayEquals(a.fields(), b.fields(), "event " + i + ": " + a + " / " + b);
                i++;
            }
        }
        assertEquals(i, read.events().size());
    }
}
