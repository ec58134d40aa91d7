package org.mpiguard.adapter.shadow;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.mpiguard.core.activity.WaitKind;

/**
 * Every request's shadow, in a fixed table indexed by the request's identity hash (a few
 * slots from it, {@link #PROBES}):
 * recording allocates nothing, reading takes no lock, and memory is bounded. A newer
 * request may take an older one's slot; then what the older one waits for is forgotten (a
 * wait on it is treated as releasable by anyone, which can hide a deadlock but never
 * invent one), while whether it is active or freed, which the argument checks must not
 * forget, moves to a small weak map beside the table. The argument checks' questions cost
 * one volatile read while no request is active or freed.
 */
public final class RequestShadows {

    static final int SIZE = 1 << 12;
    private static final int MASK = SIZE - 1;

    private static final RequestShadow[] SLOTS = new RequestShadow[SIZE];
    /** Active or freed state of requests that lost their slot. */
    private static final Map<Object, Integer> EVICTED = new WeakHashMap<>();
    private static volatile int activeCount;
    private static volatile int freedCount;
    /**
     * Whether requests get an id for this rank's trace: off (the default) a request made
     * costs no shared counter; the trace session turns it on before the program's first call.
     */
    private static volatile boolean numbered;
    private static final AtomicLong TRACE_IDS = new AtomicLong();
    /** The argument checks' scratch copy, one per thread: asking allocates nothing. */
    private static final ThreadLocal<RequestShadow.View> SCRATCH = new ThreadLocal<>() {
        @Override
        protected RequestShadow.View initialValue() {
            return new RequestShadow.View();
        }
    };

    static {
        for (int i = 0; i < SIZE; i++) {
            SLOTS[i] = new RequestShadow();
        }
    }

    private RequestShadows() {
    }

    /**
     * Slots a request may take, from its home slot on: with one slot per hash, two requests in
     * flight at once shared a slot about once in 4,096 pairs, and the older one's completion
     * was lost to the trace (a request reported never completed). A new request takes an
     * empty slot of its window, else one whose request is done with, else its home slot.
     */
    static final int PROBES = 4;

    private static int home(Object request) {
        return System.identityHashCode(request) & MASK;
    }

    /** The slot that is {@code request}'s shadow, or null; in-flight requests are nearly always in their home slot. */
    private static RequestShadow slotOf(Object request) {
        int home = home(request);
        for (int k = 0; k < PROBES; k++) {
            RequestShadow slot = SLOTS[(home + k) & MASK];
            if (slot.holds(request)) {
                return slot;
            }
        }
        return null;
    }

    /**
     * The slot a request just made takes (see {@link #PROBES}), locked (the caller unlocks it
     * with {@link RequestShadow#unlockHeld}). The choice is read without locks and made again under
     * the slot's lock, so two threads never both take one vacant slot; after a few lost
     * races the home slot, as with one slot per hash.
     */
    private static RequestShadow lockSlotFor(Object request) {
        int home = home(request);
        for (int attempt = 0; attempt < PROBES; attempt++) {
            RequestShadow best = null;
            int bestVacancy = 0;
            for (int k = 0; k < PROBES; k++) {
                RequestShadow slot = SLOTS[(home + k) & MASK];
                if (slot.holds(request)) {
                    best = slot;
                    bestVacancy = 3;
                    break;
                }
                int vacancy = slot.vacancy();
                if (vacancy > bestVacancy) {
                    best = slot;
                    bestVacancy = vacancy;
                }
            }
            if (best == null) {
                break; // every slot of the window holds a request that may still be used
            }
            int v = best.lock();
            if (best.request == request || best.vacancyHeld() >= Math.min(bestVacancy, 2)) {
                return best;
            }
            best.unlock(v); // another thread took it meanwhile
        }
        RequestShadow slot = SLOTS[home];
        slot.lock();
        return slot;
    }

    /** From now on every request made gets an id for the trace (the trace session, at Init). */
    public static void numberForTrace() {
        numbered = true;
    }

    /** Records that {@code request}, just made at {@code site}, is a {@code kind} on {@code comm} with {@code peer} and {@code tag}. */
    public static void made(Object request, WaitKind kind, Object comm, int peer, int tag, int site, Object buffer) {
        if (request == null) {
            return;
        }
        long traceId = numbered ? TRACE_IDS.incrementAndGet() : 0;
        RequestShadow slot = lockSlotFor(request);
        try {
            int keep = slot.request == request ? slot.flags : 0;
            if (slot.request != request && slot.request != null && slot.flags != 0) {
                synchronized (EVICTED) {
                    EVICTED.put(slot.request, slot.flags);
                }
            }
            slot.claim(request, kind, comm, peer, tag, site, buffer, keep, traceId);
        } finally {
            slot.unlockHeld();
        }
    }

    /** What the persistent {@code request} sends or receives at each start, for the trace; false if it has no shadow. */
    public static boolean describe(Object request, int signature, int count) {
        return update(request, DESCRIBED, signature, count);
    }

    /** Copies what {@code request} waits for into {@code into}; false if it is not known. */
    public static boolean lookup(Object request, RequestShadow.View into) {
        RequestShadow slot = request == null ? null : slotOf(request);
        return slot != null && slot.copyTo(request, into);
    }

    /** What happened to a request besides its completion ({@link #completed}), for the lifecycle checks. */
    public static final int STARTED = 1;
    public static final int FREED_AT = 2;

    /**
     * Notes that the call at {@code site} started ({@link #STARTED}) or freed ({@link #FREED_AT})
     * {@code request} (one uncontended monitor, no allocation); false when the request has no
     * shadow here.
     */
    public static boolean happened(Object request, int event, int site) {
        return update(request, event, site, 0);
    }

    private static final int DESCRIBED = 3;

    /**
     * The completion of {@code request} by the call at {@code site}, as every family needs it,
     * in one look-up and one monitor: a persistent request no longer active (the argument
     * checks' state), the request completed here (the lifecycle's), and, when {@code into} is
     * given, its shadow copied there for the families that read it (the deadlock's hint of a
     * wildcard receive's source, the trace). False, and {@code into} untouched, when the request
     * has no shadow here.
     */
    public static boolean completed(Object request, int site, RequestShadow.View into) {
        if (request == null) {
            return false;
        }
        RequestShadow slot = slotOf(request);
        if (slot != null) {
            int v = slot.lock();
            try {
                if (slot.request == request) {
                    if ((slot.flags & RequestShadow.ACTIVE) != 0) {
                        slot.flags &= ~RequestShadow.ACTIVE;
                        count(RequestShadow.ACTIVE, true, false);
                    }
                    slot.pending = false;
                    slot.completedSite = site;
                    if (into != null) {
                        slot.copyFieldsTo(into);
                    }
                    return true;
                }
            } finally {
                slot.unlock(v);
            }
        }
        if (activeCount != 0) {
            set(request, RequestShadow.ACTIVE, false); // a request that lost its slot keeps its flags aside
        }
        return false;
    }

    /** One of the events above; DESCRIBED takes a signature id as {@code site} and a count as {@code second}. */
    private static boolean update(Object request, int event, int site, int second) {
        if (request == null) {
            return false;
        }
        RequestShadow slot = slotOf(request);
        if (slot == null) {
            return false;
        }
        int v = slot.lock();
        try {
            if (slot.request != request) {
                return false;
            }
            switch (event) {
                case STARTED -> slot.startedSite = site;
                case DESCRIBED -> slot.describe(site, second);
                default -> {
                    slot.pending = false;
                    slot.freedSite = site;
                }
            }
            return true;
        } finally {
            slot.unlock(v);
        }
    }

    /**
     * The call that already completed {@code request}, a nonblocking (not persistent)
     * request known here, or 0 when it is pending or not known. One monitor, no allocation.
     */
    public static int completedBy(Object request) {
        if (request == null || request instanceof mpi.Prequest) {
            return 0; // first: a persistent request's wait reads its shadow once, in neverStarted
        }
        RequestShadow.View view = SCRATCH.get();
        RequestShadow slot = slotOf(request);
        return slot != null && slot.copyTo(request, view) && !view.pending && !view.freed ? view.completedSite : 0;
    }

    /**
     * The creation site of {@code request} when it is a persistent request known here that was
     * never started (and not freed), else 0.
     */
    public static int neverStarted(Object request) {
        if (!(request instanceof mpi.Prequest)) {
            return 0;
        }
        RequestShadow.View view = SCRATCH.get();
        RequestShadow slot = slotOf(request);
        return slot != null && slot.copyTo(request, view) && !view.active && view.startedSite == 0 && !view.freed
                ? Math.max(view.site, 1) : 0;
    }

    /** The start of {@code request} when it is an active persistent request known here, else 0. */
    public static int activeSince(Object request) {
        if (request == null || activeCount == 0) {
            return 0;
        }
        RequestShadow.View view = SCRATCH.get();
        RequestShadow slot = slotOf(request);
        return slot != null && slot.copyTo(request, view) && view.active ? Math.max(view.startedSite, 1) : 0;
    }

    /** Copies of every request's shadow still in the table, for the checks at Finalize (allocates: not for the hot path). */
    public static List<RequestShadow.View> recorded() {
        List<RequestShadow.View> all = new ArrayList<>();
        for (RequestShadow slot : SLOTS) {
            if (slot.request == null) {
                // most slots were never used: no lock for them (at Finalize the loop runs
                // interpreted, and 4,096 locks cost each rank some 10 ms, measured issue 23)
                continue;
            }
            int v = slot.lock();
            try {
                if (slot.request != null) {
                    RequestShadow.View view = new RequestShadow.View();
                    slot.copyHeldTo(view);
                    all.add(view);
                }
            } finally {
                slot.unlock(v);
            }
        }
        return all;
    }

    /** A persistent request was started ({@code true}) or completed ({@code false}). */
    public static void active(Object request, boolean active) {
        if (request == null || (!active && activeCount == 0)) {
            return;
        }
        set(request, RequestShadow.ACTIVE, active);
    }

    public static boolean isActive(Object request) {
        return request != null && activeCount > 0 && has(request, RequestShadow.ACTIVE);
    }

    public static void freed(Object request) {
        if (request != null) {
            set(request, RequestShadow.ACTIVE, false);
            set(request, RequestShadow.FREED, true);
        }
    }

    public static boolean wasFreed(Object request) {
        return request != null && freedCount > 0 && has(request, RequestShadow.FREED);
    }

    private static boolean has(Object request, int flag) {
        RequestShadow.View view = SCRATCH.get();
        RequestShadow slot = slotOf(request);
        if (slot != null && slot.copyTo(request, view)) {
            return flag == RequestShadow.ACTIVE ? view.active : view.freed;
        }
        synchronized (EVICTED) {
            Integer evicted = EVICTED.get(request);
            return evicted != null && (evicted & flag) != 0;
        }
    }

    private static void set(Object request, int flag, boolean on) {
        RequestShadow slot = slotOf(request);
        boolean was;
        if (slot != null) {
            int v = slot.lock();
            try {
                if (slot.request == request) {
                    was = (slot.flags & flag) != 0;
                    slot.flags = on ? slot.flags | flag : slot.flags & ~flag;
                    count(flag, was, on);
                    return;
                }
            } finally {
                slot.unlock(v);
            }
        }
        synchronized (EVICTED) {
            int flags = EVICTED.getOrDefault(request, 0);
            was = (flags & flag) != 0;
            flags = on ? flags | flag : flags & ~flag;
            if (flags == 0) {
                EVICTED.remove(request);
            } else {
                EVICTED.put(request, flags);
            }
        }
        count(flag, was, on);
    }

    private static synchronized void count(int flag, boolean was, boolean on) {
        if (was == on) {
            return;
        }
        if (flag == RequestShadow.ACTIVE) {
            activeCount += on ? 1 : -1;
        } else if (on) {
            freedCount++;
        }
    }
}
