package org.mpiguard.advice.args;

import java.lang.reflect.Array;
import org.mpiguard.adapter.shadow.Shadow;

/**
 * What each call site passed the last time its arguments were checked and found valid: a
 * loop that makes the same call with the same communicator, buffers, datatypes, op, counts,
 * peers and tags needs no second full check. The arguments are compared by identity (an
 * array's length and a buffer's capacity never change) and the entry holds only while no
 * handle was freed since ({@link Shadow#frees}): a free is the only way a handle that was
 * valid stops being so; a commit or a new handle only makes more calls valid.
 *
 * <p>An array stands for itself by its class and length, not its identity: that is all the
 * checks ask of a data buffer that is an array (its element type and how many elements it
 * has), and real code allocates small ones per call ({@code double[] sum = {local};
 * allReduce(sum, 1, ...)}), which by identity would miss on every call. Which arguments are
 * the same array (a send and receive buffer aliased) is compared too. The callers pass only
 * communicators, datatypes, ops and data buffers: no array whose contents a check reads.
 *
 * <p>A site keeps its last {@link #WAYS} valid calls: one site in a loop is called with one set
 * of arguments per neighbour ({@code for k: iRecv(in[k], n[k], DOUBLE, peer[k], tag[k])}, four
 * in a 2-D halo exchange, six in 3-D), and a site that kept fewer would miss on every call
 * (jacobi2d's receives and sends did with two: docs/overhead.md). An entry is an immutable
 * object in a per-site array of references, so a thread sees either a whole entry or none. A
 * site whose arguments keep changing stops being remembered after {@link #MAX_MISSES} misses in
 * a row: its calls are checked in full and nothing more is allocated for it (until one matches
 * an entry it kept).
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

    /** The valid calls a site keeps: enough for a halo exchange with every neighbour of a 3-D grid at one site. */
    static final int WAYS = 8;

    /**
     * Per site id, its last {@link #WAYS} valid calls, the newest first (null until the site's
     * first valid call). A new call shifts the others down and the oldest goes; a reader that
     * sees the array mid-shift sees one entry twice or misses one, and every entry it sees was
     * a valid call. The table is replaced, never written in place, when a site beyond it is
     * remembered.
     */
    private static volatile Entry[][] bySite = new Entry[256][];
    private static volatile byte[] misses = new byte[256];

    private CheckedCalls() {
    }

    /** Whether one of {@code site}'s last valid calls had exactly these arguments, with no handle freed since. */
    static boolean same(int site, Object r0, Object r1, Object r2, Object r3, Object r4, int i0, int i1, int i2, int i3,
                        int i4, int i5) {
        Entry[][] all = bySite;
        Entry[] ways = site >= 0 && site < all.length ? all[site] : null;
        Entry e = ways == null ? null : ways[0];
        if (e == null) {
            return false; // nothing remembered yet, so nothing older either
        }
        int frees = Shadow.frees();
        // the last call, written out here: the loop's usual case (the same objects) costs no further call
        if (e.frees == frees && e.i0 == i0 && e.i1 == i1 && e.i2 == i2 && e.i3 == i3 && e.i4 == i4 && e.i5 == i5
                && (e.r0 == r0 && e.r1 == r1 && e.r2 == r2 && e.r3 == r3 && e.r4 == r4
                || sameShapes(e, r0, r1, r2, r3, r4))) {
            return hit(site);
        }
        return matchesOlder(ways, frees, r0, r1, r2, r3, r4, i0, i1, i2, i3, i4, i5) && hit(site);
    }

    /**
     * A call that matched: the site's misses start counting again from none, so only a site that
     * misses {@link #MAX_MISSES} times in a row is given up. A multigrid's one exchange site
     * meets each level's arguments anew at every visit of the level (more sets than it keeps)
     * and repeats them while it stays there; counted over the whole run those misses gave the
     * site up after a couple of cycles. One load while the site keeps hitting; a loop's every call
     * comes here, so the JIT directives inline it (agent/JitDirectives.TINY).
     */
    private static boolean hit(int site) {
        byte[] missed = misses;
        if (site < missed.length && missed[site] != 0) {
            missed[site] = 0;
        }
        return true;
    }

    private static boolean matchesOlder(Entry[] ways, int frees, Object r0, Object r1, Object r2, Object r3, Object r4,
                                        int i0, int i1, int i2, int i3, int i4, int i5) {
        for (int w = 1; w < ways.length; w++) {
            Entry e = ways[w];
            if (e == null) {
                return false; // the site kept no more
            }
            if (matches(e, frees, r0, r1, r2, r3, r4, i0, i1, i2, i3, i4, i5)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(Entry e, int frees, Object r0, Object r1, Object r2, Object r3, Object r4, int i0,
                                   int i1, int i2, int i3, int i4, int i5) {
        if (e.frees != frees || e.i0 != i0 || e.i1 != i1 || e.i2 != i2 || e.i3 != i3 || e.i4 != i4 || e.i5 != i5) {
            return false;
        }
        return e.r0 == r0 && e.r1 == r1 && e.r2 == r2 && e.r3 == r3 && e.r4 == r4 || sameShapes(e, r0, r1, r2, r3, r4);
    }

    /**
     * Not the same objects: the same but for arrays of one class and length, aliased alike.
     * Written out flat, not through helpers: the JIT directives keep the checker's methods from
     * being inlined into each other, and fifteen calls cost a per-call allocated buffer some
     * 40 ns here (cg-calls, async-profiler).
     */
    private static boolean sameShapes(Entry e, Object r0, Object r1, Object r2, Object r3, Object r4) {
        Object w0 = e.r0;
        Object w1 = e.r1;
        Object w2 = e.r2;
        Object w3 = e.r3;
        Object w4 = e.r4;
        if (w0 != r0 && (w0 == null || r0 == null || w0.getClass() != r0.getClass() || !r0.getClass().isArray()
                || Array.getLength(w0) != Array.getLength(r0))
                || w1 != r1 && (w1 == null || r1 == null || w1.getClass() != r1.getClass() || !r1.getClass().isArray()
                || Array.getLength(w1) != Array.getLength(r1))
                || w2 != r2 && (w2 == null || r2 == null || w2.getClass() != r2.getClass() || !r2.getClass().isArray()
                || Array.getLength(w2) != Array.getLength(r2))
                || w3 != r3 && (w3 == null || r3 == null || w3.getClass() != r3.getClass() || !r3.getClass().isArray()
                || Array.getLength(w3) != Array.getLength(r3))
                || w4 != r4 && (w4 == null || r4 == null || w4.getClass() != r4.getClass() || !r4.getClass().isArray()
                || Array.getLength(w4) != Array.getLength(r4))) {
            return false;
        }
        // which arguments are one object, now exactly as then (an aliased pair must meet its check)
        return (w0 == w1) == (r0 == r1) && (w0 == w2) == (r0 == r2) && (w0 == w3) == (r0 == r3)
                && (w0 == w4) == (r0 == r4) && (w1 == w2) == (r1 == r2) && (w1 == w3) == (r1 == r3)
                && (w1 == w4) == (r1 == r4) && (w2 == w3) == (r2 == r3) && (w2 == w4) == (r2 == r4)
                && (w3 == w4) == (r3 == r4);
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
        if (site >= bySite.length) {
            grow(site);
        }
        byte[] missed = misses;
        if (missed[site] >= MAX_MISSES) {
            return;
        }
        missed[site]++;
        Entry[][] all = bySite;
        Entry[] ways = all[site];
        if (ways == null) {
            ways = new Entry[WAYS];
            all[site] = ways;
        }
        System.arraycopy(ways, 0, ways, 1, WAYS - 1);
        ways[0] = new Entry(frees, r0, r1, r2, r3, r4, i0, i1, i2, i3, i4, i5);
    }

    private static synchronized void grow(int site) {
        int size = bySite.length;
        while (size <= site) {
            size *= 2;
        }
        if (size == bySite.length) {
            return;
        }
        Entry[][] bigger = java.util.Arrays.copyOf(bySite, size);
        misses = java.util.Arrays.copyOf(misses, size);
        bySite = bigger;
    }

    /** Forgets every site (tests). */
    static synchronized void clear() {
        bySite = new Entry[256][];
        misses = new byte[256];
    }
}
