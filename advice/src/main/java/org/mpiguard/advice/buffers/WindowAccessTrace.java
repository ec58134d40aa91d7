package org.mpiguard.advice.buffers;

import java.nio.Buffer;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.trace.AccessRun;
import org.mpiguard.core.trace.AccessRuns;
import org.mpiguard.core.trace.TraceRecorder;
import org.mpiguard.core.trace.ValueHash;

/**
 * The program's loads and stores of its own window memory into this rank's trace (ACCESS
 * events), so the cross-process RMA analysis sees a target touching bytes a remote put or
 * get touches at the same time. While a traced window lives, the buffer watch is on and
 * every rewritten accessor hands its access here.
 *
 * <p>An access goes to a run of its call site over the bytes of the buffer it came through
 * (counted from the buffer's element 0); the run is placed in the traced windows only when
 * the thread's next MPI event writes it ({@link #place}: one address look-up and window
 * search per run, not per access; the part outside every window is dropped). The run is
 * remembered per call site ({@link #extendLoad}, {@link #extendStore}), and stays the site's, open and empty, after it
 * is written: a loop over a buffer pays a few compares per element, also the first access
 * after an MPI event (traced jacobi1d-rma, docs/overhead.md).
 */
public final class WindowAccessTrace {

    private static final int MAX_WINDOWS = 64;

    /** The traced windows' memory, [from, to) by address, and their identity in the trace. */
    private static final long[] FROM = new long[MAX_WINDOWS];
    private static final long[] TO = new long[MAX_WINDOWS];
    private static final long[] IDENTITY = new long[MAX_WINDOWS];
    /** Per traced window, the site of this rank's first store into it since its last fence (0: none). */
    private static final int[] STORED = new int[MAX_WINDOWS];
    /**
     * How many windows are traced: written under the class lock, read without it (a late
     * reader misses an access, never records a wrong one). Plain, not volatile: the buffer
     * watch's accessor reads it in the program's loops, where a volatile read is a barrier
     * the JIT cannot hoist the loop's own loads across.
     */
    private static int windowCount;

    /**
     * The run each call site's last access went to, by site id modulo the table's size
     * (plain slots: a thread that reads a stale one, or another thread's, opens another).
     */
    private static final int SITE_SLOTS = 1024;
    private static final AccessRun[] BY_SITE = new AccessRun[SITE_SLOTS];
    /** The runs of the thread that last made a window or took the full way: the accessor opens runs in them. */
    private static AccessRuns pool;
    private static final TraceRecorder.ViewPlacer PLACER = new TraceRecorder.ViewPlacer() {
        @Override
        public void place(TraceRecorder recorder, int site, Object view, long from, long to, boolean store,
                          boolean hashed, long state) {
            WindowAccessTrace.place(recorder, site, view, from, to, store, hashed, state);
        }
    };

    private WindowAccessTrace() {
    }

    /** Whether any window's accesses are recorded (the watch must stay on). */
    static boolean tracing() {
        return windowCount > 0;
    }

    /** A window over {@code [address, address + bytes)} was made; its accesses go to the trace from now on. */
    public static void windowMade(Buffer base, long bytes, long identity) {
        long address = DirectAddress.of(base);
        if (address == 0 || bytes <= 0 || identity == 0 || !BufferRules.on()) {
            return;
        }
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            r.placeViewsWith(PLACER);
        }
        AccessRuns runs = r == null ? null : r.runsOfCaller();
        synchronized (WindowAccessTrace.class) {
            int n = windowCount;
            if (n == MAX_WINDOWS) {
                return;
            }
            FROM[n] = address;
            TO[n] = address + bytes;
            IDENTITY[n] = identity;
            STORED[n] = 0;
            windowCount = n + 1;
            if (runs != null) {
                pool = runs;
            }
        }
        BufferWatch.refresh();
    }

    /**
     * The window was freed: its memory is the program's own again. Called after the free's
     * event is recorded, so the runs written before it are still placed in the window.
     */
    public static void windowFreed(long identity) {
        synchronized (WindowAccessTrace.class) {
            int i = indexOf(identity);
            if (i >= 0) {
                int last = windowCount - 1;
                FROM[i] = FROM[last];
                TO[i] = TO[last];
                IDENTITY[i] = IDENTITY[last];
                STORED[i] = STORED[last];
                windowCount = last;
            }
        }
        BufferWatch.refresh();
    }

    /**
     * The site of this rank's first store into the memory of traced window {@code identity}
     * since the window's last fence, or 0: what a fence asserting {@code MPI.MODE_NOSTORE}
     * says did not happen. The calling thread's runs are written first, so its stores up to
     * this call count.
     */
    public static int storedSinceFence(long identity) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            r.flushAccesses();
        }
        synchronized (WindowAccessTrace.class) {
            int i = indexOf(identity);
            return i < 0 ? 0 : STORED[i];
        }
    }

    /**
     * Window {@code identity} was fenced: its stores are counted afresh. Called after the
     * fence's event is recorded, which wrote (and so counted) the calling thread's stores
     * before it.
     */
    public static void fenced(long identity) {
        synchronized (WindowAccessTrace.class) {
            int i = indexOf(identity);
            if (i >= 0) {
                STORED[i] = 0;
            }
        }
    }

    /** The slot of traced window {@code identity}, or -1; under the class lock. */
    private static int indexOf(long identity) {
        for (int i = 0; i < windowCount; i++) {
            if (IDENTITY[i] == identity) {
                return i;
            }
        }
        return -1;
    }

    /** What a store writes, for its value hash: nothing known, raw bits, an array slice or another buffer's elements. */
    enum Value { NONE, BITS, ARRAY, BUFFER }

    /**
     * The accessor's path while windows are traced: a load of elements
     * {@code [index, index + count)} of {@code b} ({@code width} bytes each). The run its site's accesses go to is
     * widened inline, and after an MPI event wrote it, started over inline (a written run
     * stays open, empty: {@link AccessRun}); a site without one takes a run of the thread's
     * pool ({@link #firstAccess}), and a run the pool closed is opened again
     * ({@link AccessRun#reopen}), both as calls. True when taken; false sends the access the
     * full way ({@link #accessed}): another thread than the one whose runs are at hand, or
     * more runs holding accesses at once than the pool holds.
     *
     * <p>Small on purpose: this is compiled into the program's loops, and what it inlines into
     * every accessor call is code the JIT compiles again in each of the program's methods.
     * With the pool's look-ups inlined too the JIT spent 1.5 s of a rank's CPU compiling
     * jacobi1d-rma's loop (7 kB of inlined bytecode). The JIT leaves the two calls out of a
     * loop (a trap instead) only while this method's profile never saw them taken, and every
     * site's first access takes one: loads and stores have a method each, so that the first
     * store of a loop that began with loads does not put the call back into the loads' loops.
     * A call in the loop makes the JIT load the run's fields again at every access
     * (docs/overhead.md, 2026-11-29).
     */
    static boolean extendLoad(Buffer b, int index, int count, int width, int site) {
        AccessRun run = BY_SITE[site & (SITE_SLOTS - 1)];
        long from = (long) index * width;
        long to = from + (long) count * width;
        if (run != null && run.takes(site, b)) {
            if (!run.isOpen()) {
                return run.reopen(from, to, 0, 0);
            }
            if (run.widenLoad(from, to)) {
                return true;
            }
        }
        return firstAccess(b, from, to, false, 0, 0, site);
    }

    /** {@link #extendLoad} of a store of one value: {@code bits}, {@code bitsWidth} bytes. */
    static boolean extendStore(Buffer b, int index, int count, int width, long bits, int bitsWidth, int site) {
        AccessRun run = BY_SITE[site & (SITE_SLOTS - 1)];
        long from = (long) index * width;
        long to = from + (long) count * width;
        if (run != null && run.takes(site, b)) {
            if (!run.isOpen()) {
                return run.reopen(from, to, bits, bitsWidth);
            }
            if (run.widenStore(from, to, bits, bitsWidth)) {
                return true;
            }
        }
        return firstAccess(b, from, to, true, bits, bitsWidth, site);
    }

    /**
     * An access its site's run does not take (the first of the site, through another buffer,
     * or past a gap): a closed run of the thread's pool starts with it (bytes
     * {@code [from, to)} of {@code b}, a store's value hashed in the platform's byte order)
     * and becomes the site's. False when the runs at hand are another thread's or all open.
     */
    static boolean firstAccess(Buffer b, long from, long to, boolean store, long bits, int bitsWidth, int site) {
        AccessRuns p = pool;
        if (p == null || !p.ownedByCaller()) {
            return false;
        }
        long state = store ? ValueHash.ofBits(bits, bitsWidth, ValueHash.NATIVE_BIG) : 0;
        AccessRun run = p.acquire(site, 0, b, from, to, store, state, store);
        if (run == null) {
            return false;
        }
        BY_SITE[site & (SITE_SLOTS - 1)] = run;
        return true;
    }

    /**
     * A counted loop's accesses of one site, recorded at the loop's entry ({@link AccessLoops}):
     * elements {@code [first, end)} of {@code b}, clipped to what an element access can touch
     * (an index past the limit throws instead of accessing). A store's values are not known
     * yet, so its run keeps no value hash, as a long store run keeps none ({@code AccessRun}).
     */
    static void loopRange(Buffer b, long first, long end, int width, boolean store, int site) {
        long from = Math.max(0, first);
        long to = Math.min(b.limit(), end);
        if (from >= to || !store && extendLoad(b, (int) from, (int) (to - from), width, site)) {
            return; // a load range widens its site's run as a bulk get's does (a short loop entered often)
        }
        long base = DirectAddress.of(b);
        if (base == 0) {
            return;
        }
        accessed(b, base, base + from * width, base + to * width, store, Value.NONE, 0, 0, null, 0, (int) (to - from),
                site);
    }

    /**
     * The full way: a load or store of {@code [from, to)} (addresses) through {@code b}
     * (whose element 0 is at {@code base}); for a store, {@code value} says what {@code bits}
     * (raw bits of {@code bitsWidth} bytes), or {@code source} from element
     * {@code sourceIndex} ({@code elements} of them), hold. Recorded only when it touches a
     * window; the run becomes the site's memo.
     */
    static void accessed(Buffer b, long base, long from, long to, boolean store, Value value, long bits,
                         int bitsWidth, Object source, int sourceIndex, int elements, int site) {
        int n = windowCount;
        for (int i = 0; i < n; i++) {
            if (from < TO[i] && to > FROM[i]) {
                TraceRecorder r = TraceSession.recorder();
                if (r == null) {
                    return;
                }
                // every run over a buffer's bytes is hashed in the platform's order (AccessRun): through a
                // view of the other order, the bytes in memory are not those, and the run keeps no hash
                boolean hashed = store && value != Value.NONE && to - from <= ValueHash.MAX_BYTES
                        && ValueHash.bigEndian(b) == ValueHash.NATIVE_BIG;
                long state = hashed ? state(value, bits, bitsWidth, source, sourceIndex, elements) : 0;
                AccessRun run = r.localViewAccess(site, b, from - base, to - from, store, state, hashed);
                if (run != null) {
                    BY_SITE[site & (SITE_SLOTS - 1)] = run;
                    pool = run.pool();
                }
                return;
            }
        }
    }

    /**
     * Writes a run over bytes {@code [from, to)} of {@code view} as the ACCESS event of the
     * part that lies in a traced window (the first it touches); a store's value hash only
     * when the whole run lies in it and the view's byte order is the platform's, in which
     * every run's state is hashed.
     */
    static void place(TraceRecorder recorder, int site, Object view, long from, long to, boolean store,
                      boolean hashed, long state) {
        long base = view instanceof Buffer b ? DirectAddress.of(b) : 0;
        if (base == 0) {
            return;
        }
        long start = base + from;
        long end = base + to;
        int n = windowCount;
        for (int i = 0; i < n; i++) {
            long lo = Math.max(start, FROM[i]);
            long hi = Math.min(end, TO[i]);
            if (lo < hi) {
                boolean whole = lo == start && hi == end && end - start <= ValueHash.MAX_BYTES;
                long hash = store && hashed && whole && ValueHash.bigEndian((Buffer) view) == ValueHash.NATIVE_BIG
                        ? ValueHash.finish(state, end - start) : ValueHash.NONE;
                recorder.access(site, IDENTITY[i], lo - FROM[i], hi - lo, store, hash);
                if (store && STORED[i] == 0) {
                    STORED[i] = site;
                }
                return;
            }
        }
    }

    private static long state(Value value, long bits, int bitsWidth, Object source, int sourceIndex,
                              int elements) {
        boolean big = ValueHash.NATIVE_BIG;
        return switch (value) {
            case BITS -> ValueHash.append(0, bits, bitsWidth, big);
            case ARRAY -> ValueHash.stateOfArray(source, sourceIndex, elements, big);
            case BUFFER -> ValueHash.stateOfBuffer((Buffer) source, sourceIndex, elements, big);
            case NONE -> 0;
        };
    }
}
