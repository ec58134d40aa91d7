package org.mpiguard.adapter.shadow;

import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicLong;
import org.mpiguard.core.site.CallSites;

/**
 * What the checker knows of one MPI object of the program, kept beside it instead of in
 * side tables. One subclass per object kind ({@link CommShadow}, {@link GroupShadow},
 * {@link DatatypeShadow}, {@link OpShadow}, {@link WindowShadow}, {@link RequestShadow},
 * {@link InfoShadow}, {@link MessageShadow}); {@link Shadows} finds or makes them.
 *
 * <p>A shadow refers to its object weakly (it is the weak reference), so it never keeps
 * the object alive: when the program drops the object, the shadow leaves its table with
 * it. Every shadow holds where and on which rank the object was made (the call site id of
 * the creating call, {@link CallSites#UNKNOWN_ID} for objects first seen in use, such as
 * predefined ones) and whether the program freed it, so a check at Finalize is a loop over
 * {@link Shadows}' live shadows of a kind.
 *
 * <p>To hang new state off an object kind, add a field to its subclass: written by the
 * advice of the call that changes it, read by the checks. Fields read by the watchdog or by
 * other threads are volatile or immutable objects, as in the existing subclasses.
 */
public abstract class Shadow extends WeakReference<Object> {

    private final int site;
    private final int rank;
    private volatile boolean freed;
    /** The program chose this object's error handler (setErrhandler, or inherited from a parent it chose it for). */
    private volatile boolean ownHandler;
    /** The object's number in this rank's trace (HANDLE events), given the first time the trace names it; 0 until then. */
    private volatile long traceId;
    private static final AtomicLong TRACE_IDS = new AtomicLong();

    protected Shadow(Object object, int site, int rank) {
        super(object);
        this.site = site;
        this.rank = rank;
    }

    /** The call site id of the call that made the object, or {@link CallSites#UNKNOWN_ID}. */
    public final int creationSite() {
        return site;
    }

    /** The world rank that made (or first saw) the object; -1 before Init. */
    public final int creationRank() {
        return rank;
    }

    /** The program freed the object (the binding then gives it MPI's null handle). */
    public final boolean freed() {
        return freed;
    }

    public void markFreed() {
        freed = true;
        frees++;
    }

    /**
     * How many objects of any kind the program has freed: an argument valid at one count
     * stays valid while the count stands (a free is the only way a handle that passed the
     * checks stops passing them; the argument checks' per-site memory, {@code CheckedCalls},
     * compares it). A lost increment of two racing frees only makes the memory forget later.
     */
    public static int frees() {
        return frees;
    }

    private static volatile int frees;

    /** Whether the program chose the error handler of this object (see {@code lifecycle.ErrorHandlers}). */
    public final boolean ownHandler() {
        return ownHandler;
    }

    public final void ownHandler(boolean chosen) {
        ownHandler = chosen;
    }

    /**
     * The object's number in this rank's trace, the same at its creation and at its free:
     * per rank, from 1, never reused. Taken only when a trace names the object, so objects
     * of untraced runs never touch the shared counter.
     */
    public final long traceId() {
        long id = traceId;
        if (id == 0) {
            synchronized (this) {
                id = traceId;
                if (id == 0) {
                    id = TRACE_IDS.incrementAndGet();
                    traceId = id;
                }
            }
        }
        return id;
    }
}
