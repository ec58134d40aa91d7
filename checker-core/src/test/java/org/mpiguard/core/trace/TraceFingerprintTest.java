package org.mpiguard.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.site.CallSites;

/**
 * Rank 0's look at the traces of a directory on each node's own disk: which ranks' traces it
 * does not find as they were written, and a copy of one that only counts once it is whole.
 */
class TraceFingerprintTest {

    @TempDir
    Path node0;
    @TempDir
    Path node1;

    private final PrintStream err = new PrintStream(new ByteArrayOutputStream());

    /** Rank {@code rank} of 2 writes {@code sends} events into {@code dir}; its fingerprint. */
    private byte[] trace(Path dir, int rank, int sends) throws Exception {
        int site = CallSites.register("Comm.send", "demo.Ring", "main", "Ring.java", 40 + rank);
        TraceWriter w = TraceWriter.start(dir, rank, 2, err);
        for (int i = 0; i < sends; i++) {
            w.recorder().send(site, PointOp.SEND, 7L, 1 - rank, i, 1, 4, 0L);
        }
        w.recorder().finalizeCalled(site);
        w.close();
        return TraceFingerprint.of(w.path());
    }

    private static byte[] both(byte[] rank0, byte[] rank1) {
        byte[] all = new byte[2 * TraceFingerprint.BYTES];
        System.arraycopy(rank0, 0, all, 0, TraceFingerprint.BYTES);
        System.arraycopy(rank1, 0, all, TraceFingerprint.BYTES, TraceFingerprint.BYTES);
        return all;
    }

    @Test
    void aSharedDirectoryShowsRankZeroEveryTrace() throws Exception {
        byte[] all = both(trace(node0, 0, 3), trace(node0, 1, 5));
        assertEquals(List.of(), TraceFingerprint.unseen(node0, all, 2));
        assertEquals(4 + 6, TraceFingerprint.events(all, 2), "each rank's sends and its Finalize");
        assertEquals(Files.size(node0.resolve(TraceFormat.fileName(1))),
                TraceFingerprint.length(TraceFingerprint.of(all, 1)));
    }

    @Test
    void aTraceOnAnotherNodesDiskIsUnseenAndSoIsAnEarlierRunsFileOfItsName() throws Exception {
        byte[] rank0 = trace(node0, 0, 3);
        byte[] rank1 = trace(node1, 1, 5);
        assertEquals(List.of(1), TraceFingerprint.unseen(node0, both(rank0, rank1), 2), "missing on rank 0's node");

        Thread.sleep(5); // another run's start time
        trace(node0, 1, 5); // an earlier run of the same shape left rank 1's name on rank 0's node
        assertEquals(List.of(1), TraceFingerprint.unseen(node0, both(rank0, rank1), 2), "another run's file");
    }

    @Test
    void aRankThatCannotReadItsOwnTraceIsUnseen() throws Exception {
        byte[] rank0 = trace(node0, 0, 1);
        byte[] unreadable = TraceFingerprint.of(node0.resolve("no-such-file"));
        assertArrayEquals(new byte[TraceFingerprint.BYTES], unreadable);
        assertEquals(List.of(1), TraceFingerprint.unseen(node0, both(rank0, unreadable), 2));
        ReceivedTrace nothing = new ReceivedTrace(node0, 1, TraceFingerprint.length(unreadable));
        assertFalse(nothing.finish(), "an empty copy is no trace");
        assertFalse(Files.exists(node0.resolve(TraceFormat.fileName(1))));
    }

    @Test
    void aWholeCopyTakesTheTracesNameAndIsThenSeen() throws Exception {
        byte[] rank0 = trace(node0, 0, 3);
        byte[] rank1 = trace(node1, 1, 500);
        byte[] bytes = Files.readAllBytes(node1.resolve(TraceFormat.fileName(1)));
        ReceivedTrace copy = new ReceivedTrace(node0, 1, bytes.length);
        int half = bytes.length / 2;
        copy.write(java.util.Arrays.copyOfRange(bytes, 0, half));
        assertFalse(Files.exists(node0.resolve(TraceFormat.fileName(1))), "not under its name before its end");
        copy.write(java.util.Arrays.copyOfRange(bytes, half, bytes.length));
        assertTrue(copy.finish());
        assertEquals(List.of(), TraceFingerprint.unseen(node0, both(rank0, rank1), 2));
        assertEquals(501, TraceReader.read(node0.resolve(TraceFormat.fileName(1))).events().size());
        assertFalse(Files.exists(node0.resolve(TraceFormat.fileName(1) + ".part")));
    }

    @Test
    void aCopyCutShortNeverTakesTheNameAndLeavesAStaleFileAsItWas() throws Exception {
        trace(node0, 1, 2); // stale
        byte[] stale = Files.readAllBytes(node0.resolve(TraceFormat.fileName(1)));
        trace(node1, 1, 50);
        byte[] bytes = Files.readAllBytes(node1.resolve(TraceFormat.fileName(1)));
        ReceivedTrace copy = new ReceivedTrace(node0, 1, bytes.length);
        copy.write(java.util.Arrays.copyOfRange(bytes, 0, bytes.length - 1));
        assertFalse(copy.finish());
        assertArrayEquals(stale, Files.readAllBytes(node0.resolve(TraceFormat.fileName(1))));
        assertFalse(Files.exists(node0.resolve(TraceFormat.fileName(1) + ".part")));
    }
}
