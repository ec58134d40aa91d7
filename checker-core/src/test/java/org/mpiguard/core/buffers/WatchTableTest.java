package org.mpiguard.core.buffers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class WatchTableTest {

    private final Object request = new Object();
    private final Object window = new Object();

    @Test
    void aLoadOfAPendingSendIsAllowedAndAStoreIsNot() {
        WatchTable t = new WatchTable(4);
        t.add(100, 140, BufferRole.SEND, 7, request, -1);
        assertEquals(WatchTable.NONE, t.conflict(100, 108, false));
        long hit = t.conflict(136, 140, true);
        assertEquals(BufferRole.SEND, WatchTable.role(hit));
        assertEquals(7, WatchTable.site(hit));
    }

    @Test
    void anyAccessToAPendingReceiveConflictsButOnlyWhereTheRangesOverlap() {
        WatchTable t = new WatchTable(4);
        t.add(100, 140, BufferRole.RECEIVE, 3, request, -1);
        assertEquals(3, WatchTable.site(t.conflict(139, 141, false)));
        assertEquals(WatchTable.NONE, t.conflict(140, 148, true), "the byte after the range is free");
        assertEquals(WatchTable.NONE, t.conflict(92, 100, false), "the byte before too");
    }

    @Test
    void completionForgetsOnlyItsOwnRangesAndOnlyForItsTarget() {
        WatchTable t = new WatchTable(4);
        t.add(0, 8, BufferRole.RESULT, 1, window, 1);
        t.add(8, 16, BufferRole.RESULT, 2, window, 2);
        t.add(16, 24, BufferRole.RECEIVE, 3, request, -1);
        t.complete(window, 1);
        assertEquals(WatchTable.NONE, t.conflict(0, 8, false));
        assertEquals(2, WatchTable.site(t.conflict(8, 16, false)));
        t.complete(window, WatchTable.ALL_TARGETS);
        assertEquals(1, t.size());
        assertEquals(3, WatchTable.site(t.conflict(0, 100, false)));
    }

    @Test
    void aRequestBasedOperationIsCompletedByItsRequestOrByItsWindowsSynchronisationOfItsTarget() {
        WatchTable t = new WatchTable(4);
        Object other = new Object();
        t.add(0, 8, BufferRole.RESULT, 1, request, window, 1);
        t.add(8, 16, BufferRole.RESULT, 2, other, window, 2);
        t.complete(window, 2);
        assertEquals(1, WatchTable.site(t.conflict(0, 16, false)), "a flush of target 2 completes only target 2's");
        t.complete(window, WatchTable.ALL_TARGETS);
        assertEquals(0, t.size(), "the closing fence completes the rGet whose request was never waited for");
        t.add(0, 8, BufferRole.RESULT, 1, request, window, 1);
        t.complete(request, WatchTable.ALL_TARGETS);
        assertEquals(0, t.size(), "the wait of its request completes it too");
    }

    @Test
    void twoPendingOperationsMayShareMemoryOnlyIfNeitherWritesIt() {
        WatchTable t = new WatchTable(4);
        t.add(0, 32, BufferRole.ORIGIN, 1, window, 1);
        assertEquals(WatchTable.NONE, t.conflict(16, 48, BufferRole.ORIGIN), "two puts may read the same memory");
        assertEquals(1, WatchTable.site(t.conflict(16, 48, BufferRole.RESULT)));
        t.add(64, 96, BufferRole.RESULT, 2, window, 1);
        assertEquals(2, WatchTable.site(t.conflict(90, 100, BufferRole.RESULT)));
    }

    @Test
    void aPostSaysWhatItConflictsWithAndIsWatchedFromThenOn() {
        WatchTable t = new WatchTable(4);
        assertEquals(WatchTable.NONE, t.watch(0, 32, BufferRole.RECEIVE, 1, request, null, -1));
        long hit = t.watch(16, 48, BufferRole.SEND, 2, window, null, -1);
        assertEquals(BufferRole.RECEIVE, WatchTable.role(hit));
        assertEquals(1, WatchTable.site(hit), "the pending receive, not the send itself");
        assertEquals(2, t.size(), "watched although it conflicts: its own completion forgets it");
        assertEquals(2, WatchTable.site(t.conflict(40, 48, true)));
    }

    @Test
    void aCompletionSaysHowManyUsesStayAndOneThatWatchedNothingChangesNothing() {
        WatchTable t = new WatchTable(4);
        Object other = new Object();
        t.add(0, 8, BufferRole.RECEIVE, 1, request, -1);
        t.add(8, 16, BufferRole.SEND, 2, other, -1);
        t.add(16, 24, BufferRole.RECEIVE, 3, request, -1);
        int before = t.version();
        assertEquals(3, t.complete(window, WatchTable.ALL_TARGETS));
        assertEquals(before, t.version(), "no use of the window: the memo of clear buffers stays valid");
        assertEquals(1, t.complete(request, WatchTable.ALL_TARGETS));
        assertNotEquals(before, t.version());
        assertEquals(2, WatchTable.site(t.conflict(0, 100, true)), "the use between the two completed ones stays");
        assertEquals(0, t.complete(other, WatchTable.ALL_TARGETS));
    }

    @Test
    void aFullTableCountsWhatItCouldNotWatchInsteadOfGrowing() {
        WatchTable t = new WatchTable(2);
        t.add(0, 1, BufferRole.SEND, 1, request, -1);
        t.add(1, 2, BufferRole.SEND, 1, request, -1);
        assertFalse(t.add(2, 3, BufferRole.SEND, 1, request, -1));
        assertEquals(1, t.dropped());
        assertEquals(2, t.size());
    }

    @Test
    void everyPostAndCompletionChangesTheVersionAndAQueryChangesNothing() {
        WatchTable t = new WatchTable(4);
        int v0 = t.version();
        t.add(0, 8, BufferRole.RECEIVE, 1, request, -1);
        int v1 = t.version();
        assertNotEquals(v0, v1);
        assertEquals(0, v1 % 2, "stable between writes");
        t.conflict(0, 8, true);
        assertEquals(v1, t.version());
        t.complete(request, WatchTable.ALL_TARGETS);
        assertNotEquals(v1, t.version());
    }

    @Test
    void aQueryWithoutTheLockNeverMissesARangeThatStaysWhileOthersComeAndGo() throws InterruptedException {
        WatchTable t = new WatchTable(64);
        Object kept = new Object();
        t.add(1000, 1008, BufferRole.RECEIVE, 42, kept, -1);
        AtomicBoolean stop = new AtomicBoolean();
        Thread writer = new Thread(() -> {
            Object[] owners = new Object[8];
            for (int i = 0; i < owners.length; i++) {
                owners[i] = new Object();
            }
            while (!stop.get()) {
                for (int i = 0; i < owners.length; i++) {
                    t.add(i * 16L, i * 16L + 8, BufferRole.SEND, i, owners[i], -1);
                }
                for (Object o : owners) {
                    t.complete(o, WatchTable.ALL_TARGETS);
                }
            }
        });
        writer.setDaemon(true);
        writer.start();
        AtomicLong wrong = new AtomicLong();
        for (int i = 0; i < 200_000; i++) {
            long hit = t.conflict(1000, 1004, false);
            if (hit == WatchTable.NONE || WatchTable.site(hit) != 42) {
                wrong.incrementAndGet();
            }
            if (t.conflict(2000, 2008, true) != WatchTable.NONE) {
                wrong.incrementAndGet();
            }
        }
        stop.set(true);
        writer.join(10_000);
        assertEquals(0, wrong.get(), "torn reads");
        assertTrue(t.version() > 2, "the writer ran");
    }
}
