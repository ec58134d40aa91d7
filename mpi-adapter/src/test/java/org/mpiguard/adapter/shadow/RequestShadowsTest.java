package org.mpiguard.adapter.shadow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.mpiguard.core.activity.WaitKind;

class RequestShadowsTest {

    @Test
    void aRecordedRequestIsFoundWithWhatItWaitsFor() {
        Object request = new Object();
        Object comm = new Object();
        Object buffer = new Object();
        RequestShadows.made(request, WaitKind.RECEIVE, comm, 3, 77, 12, buffer);
        RequestShadow.View e = new RequestShadow.View();
        assertTrue(RequestShadows.lookup(request, e));
        assertEquals(WaitKind.RECEIVE, e.kind);
        assertEquals(comm, e.comm);
        assertEquals(3, e.peer);
        assertEquals(77, e.tag);
        assertEquals(12, e.site);
        assertNull(e.request, "a look-up keeps no reference to the request");
        assertNull(e.buffer, "nor to its buffer");
        RequestShadow.View atFinalize = RequestShadows.recorded().stream().filter(v -> v.request == request)
                .findFirst().orElseThrow();
        assertSame(buffer, atFinalize.buffer, "the copies made at Finalize hold both");
    }

    @Test
    void requestsGetTraceIdsOnlyOnceATraceIsRecordedAndKeepTheirPersistentDescription() {
        Object before = new Object();
        RequestShadows.made(before, WaitKind.SEND, null, 1, 2, 3, null);
        RequestShadow.View e = new RequestShadow.View();
        assertTrue(RequestShadows.lookup(before, e));
        assertEquals(0, e.traceId, "no shared counter is touched while no trace is recorded");
        RequestShadows.numberForTrace();
        Object first = new Object();
        Object second = new Object();
        RequestShadows.made(first, WaitKind.SEND, null, 1, 2, 3, null);
        RequestShadows.made(second, WaitKind.RECEIVE, null, 1, 2, 3, null);
        assertTrue(RequestShadows.describe(second, 5, 40));
        assertFalse(RequestShadows.describe(new Object(), 5, 40), "an unknown request cannot be described");
        assertTrue(RequestShadows.lookup(first, e));
        long firstId = e.traceId;
        assertTrue(firstId > 0);
        assertTrue(RequestShadows.lookup(second, e));
        assertTrue(e.traceId > firstId, "ids grow and are never reused");
        assertEquals(5, e.traceSignature);
        assertEquals(40, e.traceCount);
    }

    @Test
    void anUnknownRequestIsNotFoundAndMemoryStaysBounded() {
        RequestShadow.View e = new RequestShadow.View();
        assertFalse(RequestShadows.lookup(new Object(), e));
        assertFalse(RequestShadows.lookup(null, e));
        Object last = null;
        for (int i = 0; i < 10 * RequestShadows.SIZE; i++) {
            last = new Object();
            RequestShadows.made(last, WaitKind.SEND, null, i, 0, 0, null);
        }
        assertTrue(RequestShadows.lookup(last, e), "the newest request in its slot is always found");
    }

    @Test
    void requestsInFlightWhoseHashesShareASlotAreAllFound() {
        // a table full of requests done with, as a long run leaves it (the lifecycle marks completions)
        for (int i = 0; i < 10 * RequestShadows.SIZE; i++) {
            Object done = new Object();
            RequestShadows.made(done, WaitKind.SEND, null, 0, 0, 0, null);
            RequestShadows.completed(done, 1, null);
        }
        Object[] sameHome = sameHome(RequestShadows.PROBES);
        for (int i = 0; i < sameHome.length; i++) {
            RequestShadows.made(sameHome[i], WaitKind.RECEIVE, null, i, 0, 0, null);
        }
        RequestShadow.View e = new RequestShadow.View();
        for (int i = 0; i < sameHome.length; i++) {
            assertTrue(RequestShadows.lookup(sameHome[i], e), "request " + i + " of one home slot is found");
            assertEquals(i, e.peer);
        }
        // one more of the same home: it takes the slot of a request done with, not one in flight
        RequestShadows.completed(sameHome[1], 1, null);
        Object next = sameHome(1, sameHome[0])[0];
        RequestShadows.made(next, WaitKind.SEND, null, 99, 0, 0, null);
        assertTrue(RequestShadows.lookup(next, e));
        assertEquals(99, e.peer);
        for (int i : new int[] {0, 2, 3}) {
            assertTrue(RequestShadows.lookup(sameHome[i], e), "request " + i + " still in flight is still found");
        }
        assertFalse(RequestShadows.lookup(sameHome[1], e), "the completed one gave its slot up");
    }

    /** {@code n} new objects whose identity hashes pick one slot of the table. */
    private static Object[] sameHome(int n) {
        Object first = new Object();
        Object[] found = new Object[n];
        found[0] = first;
        fillLike(found, 1, first);
        return found;
    }

    /** {@code n} new objects whose identity hashes pick {@code like}'s slot. */
    private static Object[] sameHome(int n, Object like) {
        Object[] found = new Object[n];
        fillLike(found, 0, like);
        return found;
    }

    private static void fillLike(Object[] found, int from, Object like) {
        int mask = RequestShadows.SIZE - 1;
        int home = System.identityHashCode(like) & mask;
        for (int count = from; count < found.length; ) {
            Object o = new Object();
            if ((System.identityHashCode(o) & mask) == home) {
                found[count++] = o;
            }
        }
    }

    @Test
    void anActiveOrFreedRequestStaysSoWhenNewerRequestsTakeItsSlot() {
        Object persistent = new Object();
        Object freed = new Object();
        RequestShadows.made(persistent, WaitKind.SEND, null, 1, 0, 0, null);
        RequestShadows.made(freed, WaitKind.RECEIVE, null, 1, 0, 0, null);
        RequestShadows.active(persistent, true);
        RequestShadows.freed(freed);
        for (int i = 0; i < 10 * RequestShadows.SIZE; i++) {
            RequestShadows.made(new Object(), WaitKind.SEND, null, i, 0, 0, null);
        }
        assertTrue(RequestShadows.isActive(persistent));
        assertTrue(RequestShadows.wasFreed(freed));
        assertFalse(RequestShadows.isActive(freed));
        assertFalse(RequestShadows.completed(persistent, 9, new RequestShadow.View()), "its slot went to a newer request");
        assertFalse(RequestShadows.isActive(persistent), "completion ends the active state wherever it is kept");
        assertFalse(RequestShadows.wasFreed(new Object()));
    }

    @Test
    void aCompletionIsNotedAndServedInOneLookUp() {
        Object comm = new Object();
        Object request = new Object();
        RequestShadows.made(request, WaitKind.RECEIVE, comm, -1, 5, 21, new Object());
        RequestShadows.active(request, true);
        assertTrue(RequestShadows.isActive(request));
        RequestShadow.View served = new RequestShadow.View();
        assertTrue(RequestShadows.completed(request, 34, served));
        assertEquals(WaitKind.RECEIVE, served.kind, "the families read the request's shadow from the event's copy");
        assertSame(comm, served.comm);
        assertEquals(-1, served.peer);
        assertEquals(5, served.tag);
        assertEquals(21, served.site);
        assertFalse(served.pending);
        assertEquals(34, served.completedSite, "the copy is taken after the completion is noted");
        assertFalse(served.active);
        assertNull(served.request, "the per-thread copy keeps no reference to the request");
        assertNull(served.buffer, "nor to its buffer");
        assertFalse(RequestShadows.isActive(request), "a completed persistent request is no longer active");
        RequestShadow.View looked = new RequestShadow.View();
        assertTrue(RequestShadows.lookup(request, looked));
        assertFalse(looked.pending);
        assertEquals(34, looked.completedSite, "the completion is noted on the shadow itself");

        Object unknown = new Object();
        RequestShadow.View untouched = new RequestShadow.View();
        assertFalse(RequestShadows.completed(unknown, 34, untouched));
        assertNull(untouched.kind, "an unknown request leaves the copy as it was");
        assertFalse(RequestShadows.completed(null, 34, untouched));
        Object notCopied = new Object();
        RequestShadows.made(notCopied, WaitKind.SEND, comm, 1, 2, 3, null);
        assertTrue(RequestShadows.completed(notCopied, 7, null), "no copy asked for: the completion is noted all the same");
        assertTrue(RequestShadows.lookup(notCopied, looked));
        assertEquals(7, looked.completedSite);
    }

    @Test
    void aRequestNeverRecordedCanStillBeStartedAndFreed() {
        Object request = new Object();
        RequestShadows.active(request, true);
        assertTrue(RequestShadows.isActive(request));
        RequestShadows.freed(request);
        assertFalse(RequestShadows.isActive(request), "a freed request is no longer active");
        assertTrue(RequestShadows.wasFreed(request));
    }

    @Test
    void readersNeverSeeHalfAWriteWhileWritersShareASlot() throws Exception {
        Object[] requests = new Object[4];
        for (int i = 0; i < requests.length; i++) {
            requests[i] = new Object();
        }
        java.util.concurrent.atomic.AtomicBoolean torn = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        Thread[] writers = new Thread[2];
        for (int w = 0; w < writers.length; w++) {
            writers[w] = new Thread(() -> {
                for (int n = 0; !stop.get(); n++) {
                    Object r = requests[n & 3];
                    // peer and tag always equal, each request's comm is itself: a torn read breaks either
                    RequestShadows.made(r, WaitKind.SEND, r, n, n, n, r);
                }
            });
            writers[w].start();
        }
        RequestShadow.View e = new RequestShadow.View();
        long deadline = System.nanoTime() + 300_000_000L;
        while (System.nanoTime() < deadline) {
            for (Object r : requests) {
                if (RequestShadows.lookup(r, e) && (e.peer != e.tag || e.comm != r || e.site != e.peer)) {
                    torn.set(true);
                }
            }
        }
        stop.set(true);
        for (Thread w : writers) {
            w.join();
        }
        assertFalse(torn.get(), "a reader saw fields of two different writes");
    }
}
