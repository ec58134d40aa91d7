package org.mpiguard.advice.buffers;

import java.nio.Buffer;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.trace.TraceRecorder;
import org.mpiguard.core.trace.ValueHash;

/**
 * The program's loads and stores of its own window memory into this rank's trace (ACCESS
 * events), so the cross-process RMA analysis sees a target touching bytes a remote put or
 * get touches at the same time. While a traced window lives, the buffer watch is on: every
 * rewritten accessor looks its range up here (a few windows, compared by address), and
 * only accesses inside a window reach the recorder, which merges them into runs. A store's
 * value is hashed from what it stores, only when it lands in a window.
 */
public final class WindowAccessTrace {

    private static final int MAX_WINDOWS = 64;

    /** The traced windows' memory, [from, to) by address, and their identity in the trace. */
    private static final long[] FROM = new long[MAX_WINDOWS];
    private static final long[] TO = new long[MAX_WINDOWS];
    private static final long[] IDENTITY = new long[MAX_WINDOWS];
    /** How many windows are traced: written under the class lock, read without it (a late reader misses an access, never records a wrong one). */
    private static volatile int count;

    private WindowAccessTrace() {
    }

    /** Whether any window's accesses are recorded (the watch must stay on). */
    static boolean tracing() {
        return count > 0;
    }

    /** A window over {@code [address, address + bytes)} was made; its accesses go to the trace from now on. */
    public static void windowMade(Buffer base, long bytes, long identity) {
        long address = DirectAddress.of(base);
        if (address == 0 || bytes <= 0 || identity == 0 || !BufferRules.on()) {
            return;
        }
        synchronized (WindowAccessTrace.class) {
            int n = count;
            if (n == MAX_WINDOWS) {
                return;
            }
            FROM[n] = address;
            TO[n] = address + bytes;
            IDENTITY[n] = identity;
            count = n + 1;
        }
        BufferWatch.refresh();
    }

    /** The window was freed: its memory is the program's own again. */
    public static void windowFreed(long identity) {
        synchronized (WindowAccessTrace.class) {
            int n = count;
            for (int i = 0; i < n; i++) {
                if (IDENTITY[i] == identity) {
                    FROM[i] = FROM[n - 1];
                    TO[i] = TO[n - 1];
                    IDENTITY[i] = IDENTITY[n - 1];
                    count = n - 1;
                    break;
                }
            }
        }
        BufferWatch.refresh();
    }

    /** What a store writes, for its value hash: nothing known, raw bits, an array slice or another buffer's elements. */
    enum Value { NONE, BITS, ARRAY, BUFFER }

    /**
     * A load or store of {@code [from, to)} (addresses) through {@code b}; for a store,
     * {@code value} says what {@code bits} (raw bits of {@code bitsWidth} bytes), or
     * {@code source} from element {@code sourceIndex} ({@code elements} of them), hold.
     */
    static void accessed(Buffer b, long from, long to, boolean store, Value value, long bits, int bitsWidth,
                         Object source, int sourceIndex, int elements, int site) {
        int n = count;
        for (int i = 0; i < n; i++) {
            long lo = Math.max(from, FROM[i]);
            long hi = Math.min(to, TO[i]);
            if (lo < hi) {
                TraceRecorder r = TraceSession.recorder();
                if (r == null) {
                    return;
                }
                boolean whole = lo == from && hi == to && to - from <= ValueHash.MAX_BYTES;
                boolean hashed = store && whole && value != Value.NONE;
                long state = hashed ? state(b, value, bits, bitsWidth, source, sourceIndex, elements) : 0;
                r.localAccess(site, IDENTITY[i], lo - FROM[i], hi - lo, store, state, hashed);
                return;
            }
        }
    }

    private static long state(Buffer b, Value value, long bits, int bitsWidth, Object source, int sourceIndex,
                              int elements) {
        boolean big = ValueHash.bigEndian(b);
        return switch (value) {
            case BITS -> ValueHash.append(0, bits, bitsWidth, big);
            case ARRAY -> ValueHash.stateOfArray(source, sourceIndex, elements, big);
            case BUFFER -> ValueHash.stateOfBuffer((Buffer) source, sourceIndex, elements, big);
            case NONE -> 0;
        };
    }
}
