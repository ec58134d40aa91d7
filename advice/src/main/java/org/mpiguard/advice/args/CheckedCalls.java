package org.mpiguard.advice.args;

import org.mpiguard.adapter.shadow.Shadow;

/**
 * What each call site passed the last time its arguments were checked and found valid: a
 * loop that makes the same call with the same communicator, buffers, datatypes, op, counts,
 * peers and tags needs no second full check. The arguments are compared by identity (an
 * array's length and a buffer's capacity never change) and the entry holds only while no
 * handle was freed since ({@link Shadow#frees}): a free is the only way a handle that was
 * valid stops being so; a commit or a new handle only makes more calls valid.
 *
 * <p>An entry is an immutable object in a per-site slot, so a thread sees either a whole
 * entry or none. A site whose arguments keep changing stops being remembered after
 * {@link #MAX_MISSES} misses: its calls are checked in full and nothing is allocated for it.
 */
public final class CheckedCalls {

    static final int MAX_MISSES = 16;
    private static final int MAX_SITES = 1 << 20;

    private static final class Entry {
        final int frees;
        final Object r0;
        final Object r1;
        final Object r2;
        final Object r3;
        final Object r4;
        final int i0;
        final int i1;
        final int i2;
        final int i3;
        final int i4;
        final int i5;

        Entry(int frees, Object r0, Object r1, Object r2, Object r3, Object r4, int i0, int i1, int i2, int i3, int i4,
              int i5) {
            this.frees = frees;
            this.r0 = r0;
            this.r1 = r1;
            this.r2 = r2;
            this.r3 = r3;
            this.r4 = r4;
            this.i0 = i0;
            this.i1 = i1;
            this.i2 = i2;
            this.i3 = i3;
            this.i4 = i4;
            this.i5 = i5;
        }
    }

    /** Per site id; replaced, never written in place, when a site beyond it is remembered. */
    private static volatile Entry[] entries = new Entry[256];
    private static volatile byte[] misses = new byte[256];

    private CheckedCalls() {
    }

    /** Whether {@code site}'s last valid call had exactly these arguments, with no handle freed since. */
    static boolean same(int site, Object r0, Object r1, Object r2, Object r3, Object r4, int i0, int i1, int i2, int i3,
                        int i4, int i5) {
        Entry[] all = entries;
        Entry e = site >= 0 && site < all.length ? all[site] : null;
        return e != null && e.frees == Shadow.frees() && e.r0 == r0 && e.r1 == r1 && e.r2 == r2 && e.r3 == r3
                && e.r4 == r4 && e.i0 == i0 && e.i1 == i1 && e.i2 == i2 && e.i3 == i3 && e.i4 == i4 && e.i5 == i5;
    }

    /**
     * These arguments of {@code site} were just checked in full and found valid ({@code frees}
     * read before the check, so a free while it ran makes the entry stale).
     */
    static void valid(int site, int frees, Object r0, Object r1, Object r2, Object r3, Object r4, int i0, int i1, int i2,
                      int i3, int i4, int i5) {
        if (site < 0 || site >= MAX_SITES) {
            return;
        }
        if (site >= entries.length) {
            grow(site);
        }
        byte[] missed = misses;
        if (missed[site] >= MAX_MISSES) {
            return;
        }
        missed[site]++;
        entries[site] = new Entry(frees, r0, r1, r2, r3, r4, i0, i1, i2, i3, i4, i5);
    }

    private static synchronized void grow(int site) {
        int size = entries.length;
        while (size <= site) {
            size *= 2;
        }
        if (size == entries.length) {
            return;
        }
        Entry[] bigger = java.util.Arrays.copyOf(entries, size);
        misses = java.util.Arrays.copyOf(misses, size);
        entries = bigger;
    }

    /** Forgets every site (tests). */
    static synchronized void clear() {
        entries = new Entry[256];
        misses = new byte[256];
    }
}
