package org.mpiguard.core.deadlock;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The last message a receive from {@code MPI.ANY_SOURCE} took from each source of each
 * communicator of this rank: when the rank later deadlocks in a receive from that source,
 * the finding names the wildcard receive that took one of its messages before (the order in
 * which messages arrived may be what led to the deadlock: a message race). Bounded: a fixed
 * table by hash of communicator and source, a newer take replacing an older one of its slot.
 *
 * <p>Written by the receiving thread, without a lock: one compare-and-set of the slot's
 * version per wildcard receive (a slot two threads write at once keeps the first writer's
 * take and drops the other's, a hint lost, never a wrong one), read by the watchdog thread
 * under the same version. No allocation.
 */
public final class WildcardTakes {

    /** No take known for a communicator and source. */
    public static final long NONE = -1L;

    /** This rank's takes. */
    public static final WildcardTakes RANK = new WildcardTakes(256);

    private static final VarHandle VERSION = MethodHandles.arrayElementVarHandle(int[].class);

    private final int mask;
    /** Even while a slot is stable, odd while its writer fills it. */
    private final int[] version;
    private final Object[] comm;
    private final int[] source;
    private final int[] tag;
    private final int[] site;

    /** A table of {@code slots} slots, a power of two. */
    public WildcardTakes(int slots) {
        if (Integer.bitCount(slots) != 1) {
            throw new IllegalArgumentException("slots must be a power of two: " + slots);
        }
        mask = slots - 1;
        version = new int[slots];
        comm = new Object[slots];
        source = new int[slots];
        tag = new int[slots];
        site = new int[slots];
    }

    private int slot(Object c, int s) {
        int h = System.identityHashCode(c) * 31 + s;
        return (h ^ (h >>> 16)) & mask;
    }

    /** A receive from any source on {@code c} at call site {@code atSite} took a message of rank {@code from} with {@code withTag}. */
    public void took(Object c, int from, int withTag, int atSite) {
        if (c == null) {
            return;
        }
        int i = slot(c, from);
        int v = (int) VERSION.getVolatile(version, i);
        if ((v & 1) != 0 || !VERSION.compareAndSet(version, i, v, v + 1)) {
            return; // another thread is writing this slot: its take stands
        }
        comm[i] = c;
        source[i] = from;
        tag[i] = withTag;
        site[i] = atSite;
        VERSION.setRelease(version, i, v + 2);
    }

    /**
     * The last take from rank {@code from} on {@code c} whose tag a receive of {@code wantedTag}
     * ({@code anyTag} for any) would also accept: {@code site << 32 | tag}, or {@link #NONE}.
     */
    public long lastFrom(Object c, int from, int wantedTag, int anyTag) {
        if (c == null) {
            return NONE;
        }
        int i = slot(c, from);
        int v = (int) VERSION.getAcquire(version, i);
        if ((v & 1) != 0 || v == 0) {
            return NONE;
        }
        Object takenOn = comm[i];
        int takenFrom = source[i];
        int takenTag = tag[i];
        int takenAt = site[i];
        VarHandle.acquireFence();
        if ((int) VERSION.getVolatile(version, i) != v || takenOn != c || takenFrom != from
                || wantedTag != anyTag && wantedTag != takenTag) {
            return NONE;
        }
        return ((long) takenAt << 32) | (takenTag & 0xffffffffL);
    }

    /** The site of a take {@link #lastFrom} returned. */
    public static int site(long take) {
        return (int) (take >>> 32);
    }

    /** The tag of a take {@link #lastFrom} returned. */
    public static int tag(long take) {
        return (int) take;
    }
}
