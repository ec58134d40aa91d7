package org.mpiguard.core.buffers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeferredStoresTest {

    private final Object request = new Object();
    private final Object window = new Object();
    private final IntBuffer buf = ByteBuffer.allocateDirect(64).asIntBuffer();

    private WatchTable.Entry receive() {
        return new WatchTable.Entry(BufferRole.RECEIVE, 5, request, null, -1);
    }

    /** Defers a store of {@code value} into element {@code i} at {@code site} and makes it. */
    private boolean store(DeferredStores d, int i, int value, int site, WatchTable.Entry use) {
        boolean deferred = d.defer(1000 + 4L * i, 1004 + 4L * i, buf, i, 1, site, use);
        buf.put(i, value);
        if (deferred) {
            d.stored(buf, i, 1, site);
        }
        return deferred;
    }

    @Test
    void aStoredValueThatMpiThenReplacedIsOverwrittenAndOneThatStandsIsNot() {
        DeferredStores d = new DeferredStores(4);
        assertTrue(d.isEmpty());
        assertTrue(store(d, 0, -1, 7, receive()));
        assertFalse(d.isEmpty(), "what every completion asks first");
        assertTrue(store(d, 1, 13, 8, receive()));
        buf.put(0, 42); // MPI's data lands after the store into element 0; element 1 keeps the store
        List<DeferredStores.Verdict> v = d.completed(request, WatchTable.ALL_TARGETS);
        assertEquals(2, v.size());
        DeferredStores.Verdict first = v.stream().filter(x -> x.storeSite() == 7).findFirst().orElseThrow();
        DeferredStores.Verdict second = v.stream().filter(x -> x.storeSite() == 8).findFirst().orElseThrow();
        assertTrue(first.overwritten());
        assertFalse(second.overwritten());
        assertEquals(5, first.use().postSite());
        assertEquals(0, d.size(), "judged stores are forgotten");
        assertTrue(d.isEmpty());
    }

    @Test
    void onlyTheCompletionOfTheUseJudgesItsStoresAndOnlyForItsTarget() {
        DeferredStores d = new DeferredStores(4);
        WatchTable.Entry get = new WatchTable.Entry(BufferRole.RESULT, 3, request, window, 2);
        assertTrue(store(d, 0, 1, 9, get));
        assertTrue(d.completed(new Object(), WatchTable.ALL_TARGETS).isEmpty());
        assertTrue(d.completed(window, 1).isEmpty(), "a flush of another target");
        assertEquals(1, d.completed(window, 2).size(), "the window's synchronisation of its target");
    }

    @Test
    void aLaterStoreIntoTheSameMemoryReplacesTheEarlierOnesJudgement() {
        DeferredStores d = new DeferredStores(4);
        assertTrue(store(d, 0, 1, 7, receive()));
        assertTrue(store(d, 0, 2, 8, receive()));
        List<DeferredStores.Verdict> v = d.completed(request, WatchTable.ALL_TARGETS);
        assertEquals(1, v.size(), "the program's own second store is not MPI's overwrite of the first");
        assertEquals(8, v.get(0).storeSite());
        assertFalse(v.get(0).overwritten());
    }

    @Test
    void storesIntoMemoryMpiOnlyReadsOrIntoWindowMemoryOrTooLargeOrTooManyAreNotDeferred() {
        DeferredStores d = new DeferredStores(1);
        assertFalse(d.defer(0, 4, buf, 0, 1, 1, new WatchTable.Entry(BufferRole.SEND, 2, request, null, -1)));
        assertFalse(d.defer(0, 4, buf, 0, 1, 1, new WatchTable.Entry(BufferRole.OWN_WINDOW_WRITE, 2, window, null, 0)));
        assertFalse(d.defer(0, 4 * 65, buf, 0, DeferredStores.MAX_ELEMENTS + 1, 1, receive()));
        assertTrue(d.defer(0, 4, buf, 0, 1, 1, receive()));
        assertFalse(d.defer(8, 12, buf, 2, 1, 2, receive()), "the table is full");
    }

    @Test
    void aStoreThatNeverHappenedIsNotJudged() {
        DeferredStores d = new DeferredStores(2);
        assertTrue(d.defer(0, 4, buf, 0, 1, 1, receive()));
        assertTrue(d.completed(request, WatchTable.ALL_TARGETS).isEmpty());
    }
}
