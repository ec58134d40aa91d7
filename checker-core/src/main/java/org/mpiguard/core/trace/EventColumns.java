package org.mpiguard.core.trace;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * A rank's events as read back, held in columns rather than as objects: the analyses keep
 * every rank's trace in memory (until they stream), and a {@link TraceEvent} with its array
 * of fields takes some 115 bytes, of which the fields, mostly small numbers, are half. Here
 * an event is its kind, field count, sequence number, site and thread (22 bytes) and its
 * fields as 4-byte ints when every one fits (a window or a value hash does not: such an
 * event's fields are 8 bytes each), some 50 bytes for a send. {@link #get} gives a view of
 * the event (24 bytes, which the JIT often leaves unmade) equal field for field to the one read.
 */
final class EventColumns extends AbstractList<TraceEvent> implements RandomAccess {

    private static final EventKind[] KINDS = EventKind.values();

    private final byte[] kind;
    private final byte[] count;
    private final long[] seq;
    private final int[] site;
    /** Index into {@link #threads}: a rank has a handful of threads. */
    private final int[] thread;
    private final long[] threads;
    /** Where the event's fields start: {@code >= 0} in {@link #narrow}, else {@code -(start + 1)} in {@link #wide}. */
    private final int[] at;
    private final int[] narrow;
    private final long[] wide;

    private EventColumns(int n, int narrowFields, int wideFields, long[] threads) {
        kind = new byte[n];
        count = new byte[n];
        seq = new long[n];
        site = new int[n];
        thread = new int[n];
        at = new int[n];
        narrow = new int[narrowFields];
        wide = new long[wideFields];
        this.threads = threads;
    }

    /** The events of {@code events}, in its order, in columns. */
    static EventColumns of(List<TraceEvent> events) {
        long narrowFields = 0;
        long wideFields = 0;
        long[] threads = new long[4];
        int threadCount = 0;
        for (TraceEvent e : events) {
            if (fitsInts(e.fields())) {
                narrowFields += e.fields().length;
            } else {
                wideFields += e.fields().length;
            }
            if (indexOf(threads, threadCount, e.thread()) < 0) {
                if (threadCount == threads.length) {
                    threads = Arrays.copyOf(threads, threadCount * 2);
                }
                threads[threadCount++] = e.thread();
            }
        }
        if (Math.max(narrowFields, wideFields) > Integer.MAX_VALUE - 8) {
            // more fields than an array holds: what a reader says of a trace past its heap
            throw new OutOfMemoryError(events.size() + " events in one column");
        }
        EventColumns c = new EventColumns(events.size(), (int) narrowFields, (int) wideFields,
                Arrays.copyOf(threads, threadCount));
        int n = 0;
        int w = 0;
        for (int i = 0; i < events.size(); i++) {
            TraceEvent e = events.get(i);
            long[] f = e.fields();
            c.kind[i] = (byte) e.kind().ordinal();
            c.count[i] = (byte) f.length;
            c.seq[i] = e.seq();
            c.site[i] = e.site();
            c.thread[i] = indexOf(c.threads, threadCount, e.thread());
            if (fitsInts(f)) {
                c.at[i] = n;
                for (long v : f) {
                    c.narrow[n++] = (int) v;
                }
            } else {
                c.at[i] = -(w + 1);
                System.arraycopy(f, 0, c.wide, w, f.length);
                w += f.length;
            }
        }
        return c;
    }

    private static boolean fitsInts(long[] fields) {
        for (long v : fields) {
            if (v != (int) v) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(long[] threads, int n, long thread) {
        for (int i = 0; i < n; i++) {
            if (threads[i] == thread) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public TraceEvent get(int i) {
        if (i < 0 || i >= kind.length) {
            throw new IndexOutOfBoundsException("event " + i + " of " + kind.length);
        }
        return new Column(this, i);
    }

    private long field(int i, int k) {
        if (k >= count[i]) {
            return 0;
        }
        int from = at[i];
        return from >= 0 ? narrow[from + k] : wide[-from - 1 + k];
    }

    /** An event read from the columns as it is asked: no copy of its fields. */
    private static final class Column extends TraceEvent {
        private final EventColumns c;
        private final int i;

        Column(EventColumns c, int i) {
            this.c = c;
            this.i = i;
        }

        @Override
        public EventKind kind() {
            return KINDS[c.kind[i]];
        }

        @Override
        public long seq() {
            return c.seq[i];
        }

        @Override
        public int site() {
            return c.site[i];
        }

        @Override
        public long thread() {
            return c.threads[c.thread[i]];
        }

        @Override
        public int fieldCount() {
            return c.count[i];
        }

        @Override
        public long field(int k) {
            return c.field(i, k);
        }
    }

    @Override
    public int size() {
        return kind.length;
    }
}
