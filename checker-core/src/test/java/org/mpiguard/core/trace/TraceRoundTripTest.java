package org.mpiguard.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.codec.VarOutput;
import org.mpiguard.core.collective.CollectiveKind;

class TraceRoundTripTest {

    @Test
    void everyEventKindReadsBackWithItsFieldsSiteAndSequence() throws Exception {
        TraceBytes t = new TraceBytes(2, 4);
        int s1 = t.site("Comm.send", "Ring.java", 31);
        int s2 = t.site("Comm.iRecv", "Ring.java", 35);
        TraceRecorder r = t.recorder;
        int vec = r.defineSignature(new int[] {5, 7}, new long[] {3, 1}, 16, 24);
        int members = r.defineRanks(new int[] {0, 2, 3});
        r.send(s1, PointOp.ISEND, 77L, 3, 9, 5, 100, 11L);
        r.recv(s2, PointOp.IRECV, 77L, TraceRecorder.ANY, TraceRecorder.ANY, vec, 4, 12L);
        r.complete(s2, CompletionOp.WAIT_ALL, 12L, 1, 42, 4, CompletionOp.INACTIVE);
        r.probe(s1, ProbeOp.IPROBE, 77L, 1, -1, true, 1, 8, 3);
        r.collective(s1, CollectiveKind.BCAST, true, 1L, 5L, 0, 0, 8, 10, 8, 10, 13L);
        r.rma(s1, RmaOp.ACCUMULATE, 99L, 1, 1L << 40, 2, 6, 2, 6, 3, 0L, -5L, AccumulateOp.NO_OP);
        r.rmaSync(s2, RmaSyncOp.LOCK, 99L, 1, RmaSyncOp.LOCK_SHARED, 0, members);
        r.access(s2, 99L, 64, 8, true, 123456789L);
        r.request(s1, RequestOp.FREE, 11L);
        r.handle(s1, HandleKind.CREATE, HandleKind.WIN, 3L, 99L, members, 4096, 8);
        r.finalizeCalled(s2);

        TraceFile f = TraceBytes.read(t.finish(true));

        assertEquals(TraceFormat.VERSION_STREAM, f.version());
        assertEquals(2, f.rank());
        assertEquals(4, f.worldSize());
        assertTrue(f.complete());
        assertEquals(-1, f.truncatedAt());
        List<TraceEvent> e = f.events();
        assertEquals(11, e.size());
        for (int i = 0; i < e.size(); i++) {
            assertEquals(i, e.get(i).seq());
            assertEquals(Thread.currentThread().getId(), e.get(i).thread());
        }
        assertArrayEquals(new long[] {PointOp.ISEND.ordinal(), 77, 3, 9, 5, 100, 11}, e.get(0).fields());
        assertArrayEquals(new long[] {PointOp.IRECV.ordinal(), 77, -1, -1, vec, 4, 12}, e.get(1).fields());
        assertArrayEquals(new long[] {CompletionOp.WAIT_ALL.ordinal(), 12, 1, 42, 4, 2}, e.get(2).fields());
        assertArrayEquals(new long[] {ProbeOp.IPROBE.ordinal(), 77, 1, -1, 1, 1, 8, 3}, e.get(3).fields());
        assertArrayEquals(new long[] {TraceRecorder.collectiveOp(CollectiveKind.BCAST, true), 1, 5, 0, 0, 8, 10, 8,
            10, 13}, e.get(4).fields());
        assertArrayEquals(new long[] {RmaOp.ACCUMULATE.ordinal(), 99, 1, 1L << 40, 2, 6, 2, 6, 3, 0, -5,
            AccumulateOp.NO_OP.ordinal()}, e.get(5).fields());
        assertArrayEquals(new long[] {RmaSyncOp.LOCK.ordinal(), 99, 1, 2, 0, members}, e.get(6).fields());
        assertArrayEquals(new long[] {99, 64, 8, 1, 123456789L}, e.get(7).fields());
        assertArrayEquals(new long[] {RequestOp.FREE.ordinal(), 11}, e.get(8).fields());
        assertArrayEquals(new long[] {HandleKind.CREATE, HandleKind.WIN.ordinal(), 3, 99, members, 4096, 8},
                e.get(9).fields());
        assertEquals(EventKind.FINALIZE, e.get(10).kind());

        assertEquals("Ring.java", f.site(e.get(0).site()).file());
        assertEquals(31, f.site(e.get(0).site()).line());
        assertEquals("Comm.iRecv", f.site(e.get(1).site()).op());
        Signature sig = f.signature(vec);
        assertArrayEquals(new int[] {5, 7}, sig.codes());
        assertArrayEquals(new long[] {3, 1}, sig.reps());
        assertEquals(24, sig.extent());
        assertEquals(5, f.signature(5).codes()[0]);
        assertArrayEquals(new int[] {0, 2, 3}, f.rankSets().get(members));
    }

    @Test
    void equalSignaturesAndRankSetsShareOneIdAndBasicTypesKeepTheirCode() {
        TraceRecorder r = new TraceRecorder(16);
        int a = r.defineSignature(new int[] {5}, new long[] {4}, 16, 16);
        int b = r.defineSignature(new int[] {5}, new long[] {4}, 16, 16);
        int c = r.defineSignature(new int[] {5}, new long[] {5}, 20, 20);
        assertEquals(a, b);
        assertTrue(c != a && a >= Signature.FIRST_DERIVED);
        assertEquals(8, r.defineSignature(new int[] {8}, new long[] {1}, 8, 8));
        assertEquals(r.defineRanks(new int[] {1, 2}), r.defineRanks(new int[] {1, 2}));
    }

    @Test
    void aTraceWithoutItsEndRecordReadsAsIncomplete() throws Exception {
        TraceBytes t = new TraceBytes(0, 2);
        t.recorder.send(t.site("Comm.send", "A.java", 3), PointOp.SEND, 1, 1, 0, 5, 1, 0);
        TraceFile f = TraceBytes.read(t.finish(false));
        assertFalse(f.complete());
        assertEquals(1, f.events().size());
    }

    @Test
    void anRmaEventWrittenBeforeItsOpKindExistedReadsAsNotRecorded() throws Exception {
        VarOutput out = new VarOutput();
        out.write(TraceFormat.MAGIC);
        out.varint(1);
        out.varint(0);
        out.varint(2);
        out.varlong(1234L);
        out.write(EventKind.RMA.tag());
        out.varint(11); // the eleven fields of the first version: no opKind
        out.varlong(0);
        out.varint(0);
        out.varlong(1);
        for (long field : new long[] {RmaOp.GET_ACCUMULATE.ordinal(), 99, 1, 3, 1, 5, 1, 5, 7, 0, 0}) {
            out.signedLong(field);
        }
        out.write(TraceFormat.END);
        out.varlong(1);
        out.varlong(0);
        byte[] data = out.take();
        TraceEvent e = TraceBytes.read(data).events().get(0);
        assertEquals(7, e.field(8), "the fields it has read as written");
        assertEquals(AccumulateOp.NOT_RECORDED, AccumulateOp.of(e.field(11)), "the field it lacks reads as 0");
    }
}
