package org.mpiguard.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The program's loads and stores of window memory as the trace keeps them: merged into one
 * event per site and range between two MPI events, in their place before the next one,
 * with the value hash of what a store run leaves in memory, equal to the hash a put of the
 * same bytes gets.
 */
class WindowAccessRecordingTest {

    private static final long WIN = 7;

    private static long intState(int value) {
        return ValueHash.append(0, value, 4, ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN);
    }

    @Test
    void aLoopStoringAWindowIsOneEventWhoseHashIsThatOfAPutOfTheSameInts() throws Exception {
        TraceBytes t = new TraceBytes(0, 2);
        int store = t.site("store", "Loop.java", 12);
        int send = t.site("Comm.send", "Loop.java", 14);
        IntBuffer same = ByteBuffer.allocateDirect(400).order(ByteOrder.nativeOrder()).asIntBuffer();
        for (int i = 0; i < 100; i++) {
            t.recorder.localAccess(store, WIN, 4L * i, 4, true, intState(i * 3), true);
            same.put(i, i * 3);
        }
        t.recorder.send(send, PointOp.SEND, 1, 1, 0, 5, 1, 0);
        List<TraceEvent> e = TraceBytes.read(t.finish(true)).events();
        assertEquals(2, e.size(), e.toString());
        assertEquals(EventKind.ACCESS, e.get(0).kind());
        assertArrayEquals(new long[] {WIN, 0, 400, 1, ValueHash.ofBuffer(same, 0, 100)}, e.get(0).fields());
        assertEquals(EventKind.SEND, e.get(1).kind(), "the accesses keep their place before the thread's next event");
    }

    @Test
    void sitesAndKindsMakeSeparateRunsAndAGapStartsANewOne() throws Exception {
        TraceBytes t = new TraceBytes(0, 2);
        int left = t.site("load", "Stencil.java", 20);
        int right = t.site("load", "Stencil.java", 21);
        int write = t.site("store", "Stencil.java", 22);
        for (int i = 1; i < 9; i++) {
            t.recorder.localAccess(left, WIN, 8L * (i - 1), 8, false, 0, false);
            t.recorder.localAccess(right, WIN, 8L * (i + 1), 8, false, 0, false);
            t.recorder.localAccess(write, WIN, 8L * i, 8, true, 0, false);
        }
        t.recorder.localAccess(left, WIN, 800, 8, false, 0, false);
        t.recorder.finalizeCalled(left);
        List<TraceEvent> e = TraceBytes.read(t.finish(true)).events();
        assertEquals(5, e.size(), e.toString());
        assertArrayEquals(new long[] {WIN, 0, 64, 0, 0}, e.get(0).fields());
        assertArrayEquals(new long[] {WIN, 16, 64, 0, 0}, e.get(1).fields());
        assertArrayEquals(new long[] {WIN, 8, 64, 1, ValueHash.NONE}, e.get(2).fields(), "stores of unknown value");
        assertArrayEquals(new long[] {WIN, 800, 8, 0, 0}, e.get(3).fields());
        assertEquals(EventKind.FINALIZE, e.get(4).kind(), "Finalize writes the runs first");
    }

    @Test
    void storingOtherBytesOverARunForgetsItsValueAndTheSameBytesAgainKeepIt() throws Exception {
        TraceBytes t = new TraceBytes(0, 2);
        int flag = t.site("store", "Flag.java", 5);
        int other = t.site("store", "Flag.java", 6);
        int send = t.site("Comm.send", "Flag.java", 7);
        for (int i = 0; i < 3; i++) {
            t.recorder.localAccess(flag, WIN, 0, 4, true, intState(1), true);
        }
        t.recorder.localAccess(other, WIN, 8, 4, true, intState(1), true);
        t.recorder.localAccess(other, WIN, 8, 4, true, intState(2), true);
        t.recorder.send(send, PointOp.SEND, 1, 1, 0, 5, 1, 0);
        List<TraceEvent> e = TraceBytes.read(t.finish(true)).events();
        IntBuffer one = ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder()).asIntBuffer().put(0, 1);
        assertEquals(ValueHash.ofBuffer(one, 0, 1), e.get(0).field(4), "the same value stored again");
        assertEquals(ValueHash.NONE, e.get(1).field(4), "two values in one place: the run's value is unknown");
    }

    @Test
    void aThreadWithManyRunsWritesTheOldestFirstAndAFlushWritesItsOwnAndThoseOfThreadsThatEnded() throws Exception {
        TraceBytes t = new TraceBytes(0, 2);
        int first = t.site("load", "Many.java", 1);
        for (int s = 0; s < AccessRuns.RUNS + 2; s++) {
            t.recorder.localAccess(first + s, WIN, 1000L * s, 4, false, 0, false);
        }
        Thread other = new Thread(() -> t.recorder.localAccess(first, WIN, 50_000, 4, true, 0, false));
        other.start();
        other.join();
        t.recorder.flushAccesses();
        List<TraceEvent> e = TraceBytes.read(t.finish(true)).events();
        assertEquals(AccessRuns.RUNS + 3, e.size(), e.toString());
        for (int s = 0; s < AccessRuns.RUNS + 2; s++) {
            assertEquals(1000L * s, e.stream().filter(x -> x.thread() == Thread.currentThread().getId()).toList()
                    .get(s).field(1), "oldest first");
        }
        assertEquals(1, e.stream().filter(x -> x.field(1) == 50_000).count(), "the run of the thread that ended");
    }

    @Test
    void aValueHashesAsTheBytesItLeavesInMemoryThroughAnyView() {
        ByteBuffer bytes = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
        bytes.putInt(0, 0x01020304).putInt(4, 0x05060708);
        IntBuffer ints = bytes.asIntBuffer();
        boolean big = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN;
        long viaInts = ValueHash.ofBuffer(ints, 0, 2);
        assertEquals(ValueHash.ofBuffer(bytes, 0, 8), viaInts, "bytes and ints of the same memory");
        long appended = ValueHash.append(ValueHash.append(0, 0x01020304, 4, big), 0x05060708, 4, big);
        assertEquals(viaInts, ValueHash.finish(appended, 8), "stores of the two values, one after the other");
        long joined = ValueHash.concat(ValueHash.append(0, 0x01020304, 4, big),
                ValueHash.append(0, 0x05060708, 4, big), 4);
        assertEquals(appended, joined, "two runs joined");
        assertEquals(viaInts, ValueHash.finish(ValueHash.stateOfArray(new int[] {0x01020304, 0x05060708}, 0, 2, big), 8));
        IntBuffer swapped = ByteBuffer.allocateDirect(8).order(big ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN)
                .asIntBuffer().put(0, 0x01020304).put(1, 0x05060708);
        assertNotEquals(viaInts, ValueHash.ofBuffer(swapped, 0, 2), "the same ints in the other byte order are other bytes");
        assertNotEquals(ValueHash.ofBuffer(ints, 0, 1), ValueHash.ofBuffer(ints, 1, 1));
        assertEquals(ValueHash.NONE, ValueHash.ofBuffer(ints, 3, 2), "past the limit: not hashed");
    }

    @Test
    void aValuesStateComputedTermByTermIsTheStateOfItsBytesOneByOne() {
        java.util.Random random = new java.util.Random(42);
        for (int i = 0; i < 10_000; i++) {
            long bits = random.nextLong();
            int width = 1 + random.nextInt(8);
            boolean big = random.nextBoolean();
            assertEquals(ValueHash.append(0, bits, width, big), ValueHash.ofBits(bits, width, big),
                    "bits " + Long.toHexString(bits) + ", " + width + " bytes, big endian " + big);
        }
    }

    /**
     * The accessor's path widens the run the site's last access went to, and starts it over
     * in place after an MPI event wrote it; the trace it leaves must be the one of every
     * access through {@link TraceRecorder#localAccess}, and the path must refuse what is not
     * the run's: a gap, another site or view, another thread.
     */
    @Test
    void widenedAndReopenedInPlaceARunWritesWhatTheFullPathWrites() throws Exception {
        boolean big = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN;
        byte[][] traces = new byte[2][];
        int[] reopened = new int[2];
        int[] startedOver = new int[2];
        for (int fast = 0; fast < 2; fast++) {
            TraceBytes t = new TraceBytes(0, 2);
            int load = t.site("load", "Sweep.java", 3);
            int store = t.site("store", "Sweep.java", 4);
            int send = t.site("Comm.send", "Sweep.java", 6);
            Object view = new Object();
            AccessRun loads = null;
            AccessRun stores = null;
            for (int epoch = 0; epoch < 3; epoch++) {
                for (int i = 0; i < 50; i++) {
                    long at = i == 30 ? 4000 : 8L * i; // one access far from the run: a second run
                    if (fast == 1 && loads != null && loads.takes(load, view)) {
                        if (!loads.isOpen() && loads.reopen(at, at + 8, 0, 0)) {
                            reopened[fast]++;
                            continue;
                        }
                        boolean empty = loads.isOpen() && loads.isEmpty();
                        if (loads.isOpen() && loads.widenLoad(at, at + 8)) {
                            startedOver[fast] += empty ? 1 : 0;
                            continue;
                        }
                    }
                    loads = t.recorder.localAccess(load, WIN, at, 8, false, 0, false);
                    remember(loads, view);
                }
                for (int i = 0; i < 50; i++) {
                    long bits = Double.doubleToRawLongBits(i * 0.5);
                    long at = 8L * (i == 20 ? 19 : i); // one store over the last: the run's value unknown
                    if (fast == 1 && stores != null && stores.takes(store, view)) {
                        if (!stores.isOpen() && stores.reopen(at, at + 8, bits, 8)) {
                            reopened[fast]++;
                            continue;
                        }
                        boolean empty = stores.isOpen() && stores.isEmpty();
                        if (stores.isOpen() && stores.widenStore(at, at + 8, bits, 8)) {
                            startedOver[fast] += empty ? 1 : 0;
                            continue;
                        }
                    }
                    stores = t.recorder.localAccess(store, WIN, at, 8, true, ValueHash.append(0, bits, 8, big), true);
                    remember(stores, view);
                }
                t.recorder.send(send, PointOp.SEND, 1, 1, 0, 5, 1, 0);
                assertTrue(loads.takes(load, view), "still the site's memo once written");
                assertTrue(loads.isOpen() && loads.isEmpty(), "written by the send, and left open for the next access");
            }
            traces[fast] = t.finish(true);
        }
        assertEquals(0, reopened[1], "no run was closed: none needed opening again");
        assertEquals(4, startedOver[1], "the load and store runs of the last two epochs started over, empty, in place");
        List<TraceEvent> full = TraceBytes.read(traces[0]).events();
        List<TraceEvent> widened = TraceBytes.read(traces[1]).events();
        assertEquals(full.size(), widened.size(), widened.toString());
        for (int i = 0; i < full.size(); i++) {
            assertEquals(full.get(i).kind(), widened.get(i).kind());
            assertArrayEquals(full.get(i).fields(), widened.get(i).fields(), "event " + i);
        }
        // per epoch: loads [0, 240), [4000, 4008), [248, 400); stores [0, 160) (its last bytes
        // stored again with another value) and [168, 400); the send
        assertEquals(18, full.size(), full.toString());
        assertEquals(ValueHash.NONE, full.get(3).field(4), "a store over the run's last bytes");
        assertNotEquals(ValueHash.NONE, full.get(4).field(4), "appended stores keep their hash");
    }

    @Test
    void aRunIsTheSitesOnlyForItsThreadAndView() throws Exception {
        TraceBytes t = new TraceBytes(0, 2);
        int load = t.site("load", "Sweep.java", 3);
        Object view = new Object();
        AccessRun run = t.recorder.localAccess(load, WIN, 0, 8, false, 0, false);
        remember(run, view);
        assertTrue(run.takes(load, view));
        assertFalse(run.takes(load + 1, view), "another site");
        assertFalse(run.takes(load, new Object()), "another buffer");
        boolean[] other = new boolean[1];
        Thread thread = new Thread(() -> other[0] = run.takes(load, view));
        thread.start();
        thread.join();
        assertFalse(other[0], "another thread");
        assertFalse(run.widenLoad(16, 24), "a gap");
        assertTrue(run.widenLoad(8, 16), "touching");
    }

    /**
     * The accessor's runs are over the bytes of the buffer it came through; the placer the
     * recorder was given turns each into the event of its window when the run is written,
     * in the order the runs were opened, before the next MPI event. A pool with every run
     * open gives none to the accessor, whose access then takes the full way.
     */
    @Test
    void runsOverABuffersBytesArePlacedWhenWrittenAndThePoolRunsOut() throws Exception {
        TraceBytes t = new TraceBytes(0, 2);
        int load = t.site("load", "View.java", 3);
        int store = t.site("store", "View.java", 4);
        int send = t.site("Comm.send", "View.java", 6);
        Object view = new Object();
        Object outside = new Object();
        List<String> placed = new java.util.ArrayList<>();
        t.recorder.placeViewsWith((recorder, site, v, from, to, isStore, hashed, state) -> {
            placed.add(site + ":" + from + "-" + to + (isStore ? " store" : " load"));
            if (v == view) {
                recorder.access(site, WIN, 100 + from, to - from, isStore, ValueHash.NONE);
            }
        });
        AccessRuns pool = t.recorder.runsOfCaller();
        AccessRun loads = pool.acquire(load, 0, view, 16, 24, false, 0, false);
        AccessRun stores = pool.acquire(store, 0, outside, 0, 8, true, ValueHash.ofBits(1, 8, false), true);
        assertTrue(loads.widenLoad(24, 32));
        assertTrue(stores.widenStore(8, 16, 2, 8));
        t.recorder.send(send, PointOp.SEND, 1, 1, 0, 5, 1, 0);
        assertEquals(List.of(load + ":16-32 load", store + ":0-16 store"), placed, "in the order opened, before the send");
        for (int i = 0; i < AccessRuns.RUNS; i++) {
            assertTrue(pool.acquire(load + 10 + i, 0, view, 64L * i, 64L * i + 8, false, 0, false) != null);
        }
        assertEquals(null, pool.acquire(load, 0, view, 0, 8, false, 0, false), "every run open: the full way");
        List<TraceEvent> e = TraceBytes.read(t.finish(true)).events();
        assertEquals(EventKind.ACCESS, e.get(0).kind());
        assertEquals(116, e.get(0).field(1), "placed in the window by the placer");
        assertEquals(16, e.get(0).field(2));
        assertEquals(EventKind.SEND, e.get(1).kind(), "the run outside the window left no event: " + e);
    }

    private static void remember(AccessRun run, Object view) {
        run.view = view;
    }
}
