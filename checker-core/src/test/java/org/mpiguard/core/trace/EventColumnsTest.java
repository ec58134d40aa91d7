package org.mpiguard.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The columns give back every event as it went in: kind, sequence, site, thread and every field. */
class EventColumnsTest {

    private static final long[] EDGES = {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE + 1L,
        Integer.MIN_VALUE - 1L, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 40, -(1L << 33)};

    @Test
    void everyEventReadsBackFieldForFieldNarrowWideAndOfEveryThread() {
        Random random = new Random(25);
        List<TraceEvent> events = new ArrayList<>();
        EventKind[] kinds = EventKind.values();
        for (int i = 0; i < 20_000; i++) {
            EventKind kind = kinds[random.nextInt(kinds.length)];
            // a version-1 trace may carry more fields than its kind has (a newer writer's)
            long[] fields = new long[kind.fieldCount() + (i % 97 == 0 ? 3 : 0)];
            boolean wide = random.nextInt(4) == 0;
            for (int k = 0; k < fields.length; k++) {
                fields[k] = wide ? EDGES[random.nextInt(EDGES.length)] : random.nextInt(2000) - 1000;
            }
            long thread = 1 + random.nextInt(9) * 1_000_000_007L;
            events.add(TraceEvent.of(kind, 3L * i + random.nextInt(3), random.nextInt(1 << 24), thread, fields));
        }
        List<TraceEvent> columns = EventColumns.of(events);
        assertEquals(events.size(), columns.size());
        for (int i = 0; i < events.size(); i++) {
            TraceEvent a = events.get(i);
            TraceEvent b = columns.get(i);
            assertEquals(a.kind(), b.kind(), "event " + i);
            assertEquals(a.seq(), b.seq(), "event " + i);
            assertEquals(a.site(), b.site(), "event " + i);
            assertEquals(a.thread(), b.thread(), "event " + i);
            assertArrayEquals(a.fields(), b.fields(), "event " + i);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> columns.get(events.size()));
        assertThrows(UnsupportedOperationException.class, () -> columns.add(events.get(0)));
        assertEquals(0, EventColumns.of(List.of()).size());
    }
}
