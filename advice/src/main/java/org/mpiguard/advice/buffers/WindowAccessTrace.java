package org.mpiguard.advice.buffers;

import java.nio.Buffer;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.trace.AccessRun;
import org.mpiguard.core.trace.TraceRecorder;
import org.mpiguard.core.trace.ValueHash;

/**
 * The program's loads and stores of its own window memory into this rank's trace (ACCESS
 * events), so the cross-process RMA analysis sees a target touching bytes a remote put or
 * get touches at the same time. While a traced window lives, the buffer watch is on: every
 * rewritten accessor looks its range up here (a few windows, compared by address), and
 * only accesses inside a window reach the recorder, which merges them into runs. A store's
 * value is hashed from what it stores, only when it lands in a window.
 *
 * <p>The run an access went to is remembered per call site ({@link #extend}): the site's
 * next access through the same buffer widens it in place, with no window look-up, until the
 * thread's next MPI event writes it. A loop over a window pays that for all but its first
 * access per site and epoch (traced jacobi1d-rma, docs/overhead.md).
 */
public final class WindowAccessTrace {

    private static final int MAX_WINDOWS = 64;

    /** The traced windows' memory, [from, to) by address, and their identity in the trace. */
    private static final long[] FROM = new long[MAX_WINDOWS];
    private static final long[] TO = new long[MAX_WINDOWS];
    private static final long[] IDENTITY = new long[MAX_WINDOWS];
    /** How many windows are traced: written under the class lock, read without it (a late reader misses an access, never records a wrong one). */
    private static volatile int count;
    /**
     * Changed whenever a window is made or freed: a run remembered before no longer takes
     * accesses. Plain, like the buffer watch's flags: the accessor's loop may keep it in a register, and
     * a thread that misses a change is one that touches a window while another frees it.
     */
    private static int version;

    /**
     * The run each call site's last access went to, by site id modulo the table's size
     * (plain slots: a thread that reads a stale one, or another thread's, takes the full path).
     */
    private static final int SITE_SLOTS = 1024;
    private static final AccessRun[] BY_SITE = new AccessRun[SITE_SLOTS];

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
            version++;
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
                    version++;
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
     * The accessor's fast path while windows are traced: an access of elements
     * {@code [index, index + count)} of {@code b} ({@code width} bytes each; a store's value
     * in {@code bits}, {@code bitsWidth} bytes) that the run its site's last access went to
     * takes (the same thread and buffer, still open, overlapping or touching it, inside the
     * window). True when taken; false sends the access the full way ({@link #accessed}).
     */
    static boolean extend(Buffer b, int index, int count, int width, boolean store, long bits, int bitsWidth,
                          int site) {
        AccessRun run = BY_SITE[site & (SITE_SLOTS - 1)];
        if (run == null || !run.takes(site, b, version)) {
            return false;
        }
        long from = run.viewOffset + (long) index * width;
        long to = from + (long) count * width;
        if (from < 0 || to > run.viewLimit) {
            return false;
        }
        return run.widen(from, to, store ? ValueHash.ofBits(bits, bitsWidth, run.viewBigEndian) : 0);
    }

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
                int windows = version;
                AccessRun run = r.localAccess(site, IDENTITY[i], lo - FROM[i], hi - lo, store, state, hashed);
                if (run != null && whole && (store ? value == Value.BITS : value == Value.NONE)) {
                    remember(run, b, FROM[i], TO[i], windows, site);
                }
                return;
            }
        }
    }

    /** Remembers that {@code site}'s accesses through {@code b} go to {@code run} (a window over [winFrom, winTo)). */
    private static void remember(AccessRun run, Buffer b, long winFrom, long winTo, int windows, int site) {
        run.viewOffset = DirectAddress.of(b) - winFrom;
        run.viewLimit = winTo - winFrom;
        run.viewBigEndian = ValueHash.bigEndian(b);
        run.viewVersion = windows;
        run.view = b;
        BY_SITE[site & (SITE_SLOTS - 1)] = run;
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
