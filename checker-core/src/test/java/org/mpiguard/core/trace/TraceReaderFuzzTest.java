package org.mpiguard.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.collective.CollectiveKind;

/** Whatever the bytes, the reader returns a trace or says where it is wrong: never another exception. */
class TraceReaderFuzzTest {

    private static byte[] validTrace() {
        TraceBytes t = new TraceBytes(1, 3);
        int a = t.site("Comm.send", "Fuzz.java", 10);
        int b = t.site("Comm.recv", "Fuzz.java", 20);
        int vec = t.recorder.defineSignature(new int[] {5, 8}, new long[] {2, 3}, 32, 40);
        for (int i = 0; i < 50; i++) {
            t.recorder.send(a, PointOp.ISEND, 1, 2, i, vec, i * 1000, i + 1);
            t.recorder.recv(b, PointOp.RECV, 1, TraceRecorder.ANY, i, 5, 7, 0);
            t.recorder.complete(b, CompletionOp.BLOCKING, 0, 0, i, 7, 0);
            t.recorder.collective(a, CollectiveKind.ALL_REDUCE, false, 1, i + 1, -1, 3, 8, 1, 8, 1, 0);
        }
        t.recorder.finalizeCalled(b);
        return t.finish(true);
    }

    /** Reads {@code data}: the only exception allowed is the reader's own. */
    private static TraceFile readOrNull(byte[] data) {
        try {
            return TraceBytes.read(data);
        } catch (TraceFormatException e) {
            assertTrue(e.getMessage().contains("trace-rank0.mpgt at byte " + e.offset()), e.getMessage());
            assertTrue(e.offset() >= 0 && e.offset() <= data.length, e.getMessage());
            return null;
        } catch (RuntimeException | Error e) {
            fail("reader threw " + e + " on " + data.length + " bytes", e);
            return null;
        }
    }

    @Test
    void everyTruncationOfAValidTraceReadsAsAnIncompletePrefix() {
        byte[] whole = validTrace();
        int fullEvents = readOrNull(whole).events().size();
        int previous = 0;
        for (int cut = 0; cut < whole.length; cut++) {
            TraceFile f = readOrNull(Arrays.copyOf(whole, cut));
            if (f == null) {
                assertTrue(cut < 16, "only a cut header may be refused, cut at " + cut);
                continue;
            }
            assertFalse(f.complete(), "cut at " + cut);
            assertTrue(f.events().size() >= previous && f.events().size() <= fullEvents);
            previous = f.events().size();
        }
        assertEquals(fullEvents, previous, "the longest cut keeps every event, losing only the end record");
    }

    @Test
    void randomBytesAreRefusedWithFileAndOffset() {
        Random random = new Random(14);
        for (int i = 0; i < 3000; i++) {
            byte[] data = new byte[random.nextInt(300)];
            random.nextBytes(data);
            if (random.nextBoolean()) {
                System.arraycopy(TraceFormat.MAGIC, 0, data, 0, Math.min(4, data.length));
                if (data.length > 4) {
                    data[4] = 1;
                }
            }
            readOrNull(data);
        }
    }

    @Test
    void flippedBytesInAValidTraceNeverEscapeTheReader() {
        byte[] whole = validTrace();
        Random random = new Random(16);
        for (int i = 0; i < 3000; i++) {
            byte[] data = whole.clone();
            for (int k = 1 + random.nextInt(4); k > 0; k--) {
                data[random.nextInt(data.length)] = (byte) random.nextInt(256);
            }
            readOrNull(data);
        }
    }

    @Test
    void aWrongVersionIsNamed() {
        byte[] data = validTrace();
        data[4] = 9;
        try {
            TraceBytes.read(data);
            fail("version 9 read");
        } catch (TraceFormatException e) {
            assertTrue(e.getMessage().contains("version 9"), e.getMessage());
        }
    }
}
