package org.mpiguard.advice.buffers;

import java.nio.Buffer;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.adapter.args.Violations;
import org.mpiguard.core.Guard;
import org.mpiguard.core.buffers.BufferRole;
import org.mpiguard.core.buffers.DeferredStores;
import org.mpiguard.core.buffers.WatchTable;
import org.mpiguard.core.options.OnError;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

/**
 * The buffer watch: the memory that pending MPI operations use, and the program's loads
 * and stores to it through the rewritten {@code java.nio} accessors ({@link NioAccess}).
 * A load or store that conflicts with a pending use is reported at the access, before
 * the damage, with the call that posted the use.
 */
public final class BufferWatch {

    /**
     * Whether anything is watched (a pending use, or a traced window: {@link WindowAccessTrace}):
     * deliberately a plain field, read first by every
     * rewritten accessor so that a program with nothing pending pays one read. It is
     * written by the thread that posts or completes an MPI operation, which is (in the
     * programs this serves) the thread that then touches the buffer; another thread may
     * see it late, and then an access goes unchecked, never wrongly reported.
     */
    static boolean watching;

    private static final WatchTable TABLE = new WatchTable(256);
    /**
     * Whether the table holds a pending use (written false only under the table's monitor,
     * true after a post; read without it, like {@link #watching}): while only traced windows
     * keep the watch on, an access skips the table. The first read of an access whose loop
     * records it at its entry ({@link NioLoopAccess}).
     */
    static boolean pending;
    /**
     * Whether the accessors of loops judged at their entry ({@link NioLoopAccess}) must judge each
     * access: set by an entry whose range a pending use overlaps, cleared by every post and
     * completion (the loops entered after it are judged against the new table). A plain field
     * like {@link #pending}: a loop entered on one thread while another posts may go unchecked,
     * never wrongly reported.
     */
    static boolean loopChecks;
    private static final DeferredStores DEFERRED = new DeferredStores(64);
    private static final int MAX_REPORTED = 1024;
    private static final Set<Long> REPORTED = ConcurrentHashMap.newKeySet();

    /** A buffer found clear of every pending use at a table version, for reads or for writes. */
    private record Clear(Buffer buffer, int version) {
    }

    /**
     * Buffers found clear, per direction, by identity hash (a loop that fills several
     * buffers in turn keeps each): the next accesses to one cost a call and two compares until a post
     * or completion changes the table. Plain slots: a thread that sees a stale one only
     * checks in full.
     */
    private static final int CLEAR_SLOTS = 16;
    private static final Clear[] CLEAR_FOR_READS = new Clear[CLEAR_SLOTS];
    private static final Clear[] CLEAR_FOR_WRITES = new Clear[CLEAR_SLOTS];

    private BufferWatch() {
    }

    /** A load of {@code count} elements of {@code width} bytes from element {@code index} of {@code b}. */
    public static void load(Buffer b, int index, int count, int width, int site) {
        if (pending ? knownClear(b, false, false)
                : WindowAccessTrace.extendLoad(b, index, count, width, site)) {
            return;
        }
        judge(b, index, count, width, false, WindowAccessTrace.Value.NONE, 0, 0, null, 0, site, true);
    }

    /**
     * A store of one value whose raw bits are {@code bits} ({@code bitsWidth} bytes), as
     * {@link #load} otherwise. True when the store goes into memory MPI writes and is judged
     * at the operation's completion ({@link DeferredStores}): the caller then makes the store
     * and calls {@link #stored} with the same range.
     */
    public static boolean storeValue(Buffer b, int index, int count, int width, long bits, int bitsWidth, int site) {
        if (pending ? knownClear(b, true, false)
                : WindowAccessTrace.extendStore(b, index, count, width, bits, bitsWidth, site)) {
            return false;
        }
        return judge(b, index, count, width, true, WindowAccessTrace.Value.BITS, bits, bitsWidth, null, 0, site, true);
    }

    /**
     * A load whose loop recorded it at its entry ({@link AccessLoops}), while a use is pending:
     * judged against the pending uses as {@link #load} does, and not recorded again.
     */
    static void loopLoad(Buffer b, int index, int count, int width, int site) {
        if (!knownClear(b, false, true)) {
            judge(b, index, count, width, false, WindowAccessTrace.Value.NONE, 0, 0, null, 0, site, false);
        }
    }

    /** A store whose loop recorded it at its entry, as {@link #loopLoad}; true as for {@link #storeValue}. */
    static boolean loopStore(Buffer b, int index, int count, int width, int site) {
        return !knownClear(b, true, true)
                && judge(b, index, count, width, true, WindowAccessTrace.Value.NONE, 0, 0, null, 0, site, false);
    }

    /**
     * A loop's entry, while a use is pending: its elements {@code [first, end)} of {@code b} are
     * judged per access only if a pending use overlaps them (heap buffers are never watched).
     */
    static void loopEntered(Buffer b, long first, long end, int width, boolean write) {
        long base = DirectAddress.of(b);
        if (base != 0 && TABLE.conflict(base + first * width, base + end * width, write) != WatchTable.NONE) {
            loopChecks = true;
        }
    }

    /** A store of {@code count} elements copied from {@code array} at {@code offset}, as {@link #storeValue}. */
    public static boolean storeArray(Buffer b, int index, int count, int width, Object array, int offset, int site) {
        return access(b, index, count, width, true, WindowAccessTrace.Value.ARRAY, 0, 0, array, offset, site);
    }

    /** A store of {@code count} elements copied from {@code src} at element {@code srcIndex}, as {@link #storeValue}. */
    public static boolean storeBuffer(Buffer b, int index, int count, int width, Buffer src, int srcIndex, int site) {
        return access(b, index, count, width, true, WindowAccessTrace.Value.BUFFER, 0, 0, src, srcIndex, site);
    }

    /** The store a store entry point deferred was made. */
    public static void stored(Buffer b, int index, int count, int width, int site) {
        try {
            DEFERRED.stored(b, index, count, site);
        } catch (RuntimeException e) {
            Guard.fault("watching a buffer access", e);
        }
    }

    /**
     * A store of elements copied from elsewhere, as {@link #storeValue}: a buffer found clear
     * at this table version costs a call and two compares; everything else is {@link #judge}. (Traced
     * windows' runs take only loads and stores of one value inline.)
     */
    private static boolean access(Buffer b, int index, int count, int width, boolean write,
                                  WindowAccessTrace.Value value, long bits, int bitsWidth, Object source,
                                  int sourceIndex, int site) {
        if (pending && knownClear(b, write, false)) {
            return false;
        }
        return judge(b, index, count, width, write, value, bits, bitsWidth, source, sourceIndex, site, true);
    }

    /**
     * While a use is pending: a buffer found clear at this table version, for reads or for
     * writes (and, unless its loop's entry recorded the access, while no window is traced),
     * costs a call and two compares. It stays a call (the JIT directives leave it out of
     * the program's methods): copied into each accessor call of a halo loop, its look-up tripled
     * that loop's compilation, and a loop filling its send buffers while its receives are pending
     * takes it a few hundred times per exchange. While only traced windows keep the watch on, a
     * load or store of one value goes to its site's run instead, inlined
     * ({@link WindowAccessTrace#extendLoad}, {@link WindowAccessTrace#extendStore}: a method each,
     * and each entry point its own code, so that the JIT's profile of a store never reaches a loop
     * of loads). Everything else is {@link #judge}, which stays out of line.
     */
    private static boolean knownClear(Buffer b, boolean write, boolean recordedByItsLoop) {
        // one method, one call: this is the per-access path of a halo loop while its receives are pending
        Clear clear = (write ? CLEAR_FOR_WRITES : CLEAR_FOR_READS)[System.identityHashCode(b) & (CLEAR_SLOTS - 1)];
        return clear != null && clear.buffer == b && clear.version == TABLE.version()
                && (recordedByItsLoop || !WindowAccessTrace.tracing());
    }

    /**
     * An access to a buffer not known clear: against the table, then remembered clear, kept
     * for judgement at completion, or reported. Deliberately one method larger than C2's
     * FreqInlineSize (325 bytes of bytecode, JDK 17 to 25; {@code OutOfLineTest} holds it
     * there): inlined, its body was copied into every accessor call of a kernel's loop and
     * the compiler spent seconds on one method (jacobi2d 4.9 s against 2.9 s with it kept
     * out of line, measured issue 23; docs/overhead.md).
     */
    static boolean judge(Buffer b, int index, int count, int width, boolean write,
                         WindowAccessTrace.Value value, long bits, int bitsWidth, Object source,
                         int sourceIndex, int site, boolean recordHere) {
        try {
            int version = TABLE.version();
            Clear[] clears = write ? CLEAR_FOR_WRITES : CLEAR_FOR_READS;
            int slot = System.identityHashCode(b) & (CLEAR_SLOTS - 1);
            Clear clear = clears[slot];
            boolean known = clear != null && clear.buffer == b && clear.version == version;
            boolean tracing = recordHere && WindowAccessTrace.tracing();
            if (known && !tracing) {
                return false;
            }
            long base = DirectAddress.of(b);
            if (base == 0 || count <= 0) {
                return false;
            }
            long from = base + (long) index * width;
            long to = from + (long) count * width;
            boolean deferred = false;
            if (!known && pending) {
                long hit = TABLE.conflict(from, to, write);
                if (hit == WatchTable.NONE) {
                    if (TABLE.conflict(base, base + (long) b.capacity() * width, write) == WatchTable.NONE) {
                        clears[slot] = new Clear(b, version);
                    }
                } else if (write && WatchTable.role(hit).storeJudgedAtCompletion()) {
                    // a store into memory MPI writes: kept to be judged when the operation
                    // completes, if there is room; otherwise reported now
                    WatchTable.Entry use = TABLE.storeConflict(from, to);
                    deferred = use != null && DEFERRED.defer(from, to, b, index, count, site, use);
                    if (!deferred) {
                        conflict(site, "writes", WatchTable.role(hit), WatchTable.site(hit));
                    }
                } else {
                    conflict(site, write ? "writes" : "reads", WatchTable.role(hit), WatchTable.site(hit));
                }
            }
            if (tracing) {
                WindowAccessTrace.accessed(b, base, from, to, write, value, bits, bitsWidth, source, sourceIndex, count,
                        site);
            }
            return deferred;
        } catch (RuntimeException e) {
            Guard.fault("watching a buffer access", e);
            return false;
        }
    }

    /** Watches [from, to) in {@code role} until {@code completedBy} completes (for {@code target}). */
    static void watch(long from, long to, BufferRole role, int site, Object completedBy, int target) {
        watch(from, to, role, site, completedBy, null, target);
    }

    /** As {@link #watch(long, long, BufferRole, int, Object, int)}, also completed by {@code alsoCompletedBy} (may be null). */
    static void watch(long from, long to, BufferRole role, int site, Object completedBy, Object alsoCompletedBy,
                      int target) {
        long hit = TABLE.watch(from, to, role, site, completedBy, alsoCompletedBy, target);
        // after the use is in the table: a completion that found the table empty wrote false
        // under its monitor before this post took it, so true is the last word here
        pending = true;
        watching = true;
        loopChecks = false;
        if (hit != WatchTable.NONE) {
            if (role.storeJudgedAtCompletion() && WatchTable.role(hit).storeJudgedAtCompletion()) {
                overlappingWrites(site, role, WatchTable.role(hit), WatchTable.site(hit));
            } else {
                conflict(site, "uses memory that is also", WatchTable.role(hit), WatchTable.site(hit));
            }
        }
    }

    /**
     * {@code completedBy} completed: its memory is the program's again, and the stores into it
     * are judged. One monitor while uses stay pending; the flags are written again, under the
     * monitor, only when none does.
     */
    static void completed(Object completedBy, int target) {
        if (watching) {
            if (TABLE.complete(completedBy, target) == 0) {
                refresh();
            }
            loopChecks = false;
            if (!DEFERRED.isEmpty()) {
                for (DeferredStores.Verdict v : DEFERRED.completed(completedBy, target)) {
                    judged(v);
                }
            }
        }
    }

    /** Whether accesses must still be looked at: a pending use, or a window whose accesses are traced. */
    static void refresh() {
        synchronized (TABLE) {
            refreshHeld();
        }
    }

    private static void refreshHeld() {
        pending = TABLE.size() > 0;
        watching = pending || WindowAccessTrace.tracing();
    }

    /**
     * A store made while MPI could still write the memory, now that the operation has
     * completed: an error if MPI's data replaced the value stored (the program lost what it
     * stored last), else a warning (MPI leaves the outcome undefined; here the program holds
     * what it stored).
     */
    private static void judged(DeferredStores.Verdict v) {
        CallSite store = CallSites.get(v.storeSite());
        CallSite post = CallSites.get(v.use().postSite());
        BufferRole role = v.use().role();
        String what = store.op() + " at " + store.location() + " wrote " + role.description() + " " + post.op() + " at "
                + post.location() + " before the operation completed. MPI leaves undefined which of the two writes"
                + " lands last";
        if (v.overwritten()) {
            report(v.storeSite(), v.use().postSite(), role, Severity.ERROR, what + ", and here MPI's data replaced the value"
                    + " stored: after completion the program holds MPI's data where it stored something else last."
                    + " Store into the buffer only after the operation completes (" + completion(role) + ").");
        } else {
            report(v.storeSite(), v.use().postSite(), role, Severity.WARNING, what + "; here the buffer holds the value"
                    + " stored (MPI's data was the same, or landed first), so the program got what it asked for,"
                    + " but another MPI or another run may keep MPI's data instead. Store only after the operation"
                    + " completes (" + completion(role) + ").");
        }
    }

    private static String completion(BufferRole role) {
        return role.oneSided() ? "the closing fence, complete, unlock(All), flush(All), flushLocal(All) for an "
                + "origin buffer, or the wait of its request"
                : "the wait of its request, or a test that reports it complete";
    }

    /**
     * Two pending operations that both write the program's memory (receives, gets' results):
     * MPI leaves undefined which data the memory holds after both complete, one of the
     * values the program asked for (with long transfers, parts of each). Unspecified, not
     * broken: a warning (benchmarks post many receives into one buffer whose data they never
     * read). A pending write beside a pending read (a send or put from memory a receive or
     * get writes) changes what is sent: that stays an error.
     */
    private static void overlappingWrites(int site, BufferRole role, BufferRole pending, int postSite) {
        CallSite call = CallSites.get(site);
        CallSite post = CallSites.get(postSite);
        report(site, postSite, role, Severity.WARNING, call.op() + " at " + call.location() + " writes memory that is"
                + " also " + pending.description() + " " + post.op() + " at " + post.location() + ", which has not"
                + " completed: MPI leaves undefined which of the two the memory holds once both complete (with long"
                + " transfers, parts of each). Give each pending receive or get its own memory if its data is read.");
    }

    /** A conflict decided at the access: an error. */
    private static void conflict(int accessSite, String verb, BufferRole role, int postSite) {
        CallSite access = CallSites.get(accessSite);
        CallSite post = CallSites.get(postSite);
        report(accessSite, postSite, role, Severity.ERROR, access.op() + " at " + access.location() + " " + verb + " "
                + role.description() + " " + post.op() + " at " + post.location() + ", which has not completed: "
                + why(role));
    }

    /**
     * Once per pair of sites and severity: a spin loop would repeat the same access forever.
     * An error ends the job with on-error=abort, which also ends such a loop.
     */
    private static void report(int accessSite, int postSite, BufferRole role, Severity severity, String message) {
        long pair = ((long) accessSite << 32) | (postSite & 0xffffffffL);
        if (REPORTED.size() >= MAX_REPORTED || !REPORTED.add(severity == Severity.ERROR ? pair : ~pair)) {
            return;
        }
        CallSite access = CallSites.get(accessSite);
        CallSite post = CallSites.get(postSite);
        int rank = MpiRuntime.rankOrMinusOne();
        FindingKind kind = role.oneSided() ? FindingKind.RMA_CONFLICT : FindingKind.BUFFER_CONFLICT;
        Guard.report(new Finding(kind, severity, List.of(rank), access.op(), SiteRef.of(access),
                List.of(new RelatedCall(rank, post.op(), SiteRef.of(post))), message, List.of()));
        if (severity == Severity.ERROR && Guard.options().onError() == OnError.ABORT) {
            Violations.abort(org.mpiguard.core.ExitCodes.ABORTED_ON_FINDING);
        }
    }

    private static String why(BufferRole role) {
        return switch (role) {
            case SEND, COLLECTIVE_SEND -> "MPI may still be reading it, so a store changes what is sent. "
                    + "Wait for the request (or test it to completion) before writing the buffer.";
            case RECEIVE, COLLECTIVE_RECEIVE -> "MPI may still be writing it, so a load sees undefined values "
                    + "and a store may be overwritten. Wait for the request (or test it to completion) first.";
            case ORIGIN -> "MPI may read the origin buffer until the operation completes, so a store changes "
                    + "what is transferred. Store only after the closing fence, complete, unlock(All), flush(All), "
                    + "flushLocal(All), or the wait of the operation's request.";
            case RESULT -> "the result is defined only once the operation completes (closing fence, complete, "
                    + "unlock(All), flush, or the wait of its request); until then a load sees undefined values "
                    + "and a store may be overwritten.";
            case OWN_WINDOW_READ, OWN_WINDOW_WRITE -> "this rank's own access epoch targets this memory, and a "
                    + "local load or store conflicting with it is erroneous until the epoch's operation completes "
                    + "(MPI's one-sided compatibility rules).";
        };
    }
}
