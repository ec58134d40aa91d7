package org.mpiguard.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.site.CallSites;

/**
 * A trace's header sent to a process that cannot read the file (traces on each node's own
 * disk): read back, it names the same sites, signatures and rank sets, with the same rank,
 * world, start, drop count and wholeness; bytes that are no header are an error, never a header.
 */
class ShippedHeaderTest {

    @TempDir
    Path dir;

    @Test
    void aShippedHeaderReadsBackAsTheFileGivesIt() throws Exception {
        int send = CallSites.register("Comm.send", "demo.Ring", "main", "Ring.java", 41);
        int group = CallSites.register("Group.incl", "demo.Ring", "split", "Ring.java", 57);
        TraceWriter w = TraceWriter.start(dir, 2, 4, new PrintStream(new ByteArrayOutputStream()));
        int vector = w.recorder().defineSignature(new int[] {5}, new long[] {3}, 12, 24);
        int ranks = w.recorder().defineRanks(new int[] {0, 2, 3});
        w.recorder().send(send, PointOp.SEND, 7L, 3, 1, vector, 3, 0L);
        w.recorder().finalizeCalled(group);
        w.close();
        TraceFile file;
        try (TraceStream s = TraceStream.open(w.path())) {
            file = s.header();
        }

        TraceFile shipped = ShippedHeader.read(w.path(), ShippedHeader.write(file));

        assertEquals(file.version(), shipped.version());
        assertEquals(2, shipped.rank());
        assertEquals(4, shipped.worldSize());
        assertEquals(file.startMillis(), shipped.startMillis());
        assertEquals(file.dropped(), shipped.dropped());
        assertEquals(file.truncatedAt(), shipped.truncatedAt());
        assertTrue(shipped.complete());
        assertEquals(file.sites(), shipped.sites());
        assertEquals("Ring.java", shipped.site(group).file());
        assertEquals(57, shipped.site(group).line());
        assertEquals(file.signatures(), shipped.signatures());
        assertEquals(12, shipped.signature(vector).size());
        assertArrayEquals(new int[] {0, 2, 3}, shipped.rankSets().get(ranks));
        assertEquals(file.rankSets().keySet(), shipped.rankSets().keySet());
        assertTrue(shipped.events().isEmpty());
    }

    @Test
    void bytesThatAreNoHeaderAreAnErrorNamingTheTrace() {
        Path trace = dir.resolve(TraceFormat.fileName(1));
        TraceFormatException empty = assertThrows(TraceFormatException.class,
                () -> ShippedHeader.read(trace, new byte[0]));
        assertTrue(empty.getMessage().contains(trace.toString()), empty.getMessage());
        byte[] rankBeyondWorld = new byte[64];
        rankBeyondWorld[4] = 9; // rank 9
        rankBeyondWorld[8] = 4; // of 4
        assertThrows(TraceFormatException.class, () -> ShippedHeader.read(trace, rankBeyondWorld));
        byte[] cut = Arrays.copyOf(rankBeyondWorld, 20);
        assertThrows(TraceFormatException.class, () -> ShippedHeader.read(trace, cut));
    }
}
