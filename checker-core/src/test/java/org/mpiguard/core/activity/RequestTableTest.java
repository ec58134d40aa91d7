package org.mpiguard.core.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RequestTableTest {

    @Test
    void aRecordedRequestIsFoundWithWhatItWaitsFor() {
        Object request = new Object();
        Object comm = new Object();
        RequestTable.put(request, WaitKind.RECEIVE, comm, 3, 77);
        RequestTable.Entry e = new RequestTable.Entry();
        assertTrue(RequestTable.lookup(request, e));
        assertEquals(WaitKind.RECEIVE, e.kind);
        assertEquals(comm, e.comm);
        assertEquals(3, e.peer);
        assertEquals(77, e.tag);
    }

    @Test
    void anUnknownRequestIsNotFoundAndMemoryStaysBounded() {
        RequestTable.Entry e = new RequestTable.Entry();
        assertFalse(RequestTable.lookup(new Object(), e));
        assertFalse(RequestTable.lookup(null, e));
        Object last = null;
        for (int i = 0; i < 10 * RequestTable.SIZE; i++) {
            last = new Object();
            RequestTable.put(last, WaitKind.SEND, null, i, 0);
        }
        assertTrue(RequestTable.lookup(last, e), "the newest request in its slot is always found");
    }
}
