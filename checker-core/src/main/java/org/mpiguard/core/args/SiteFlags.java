package org.mpiguard.core.args;

/**
 * One bit per call site, read on a hot path without a lock: a check that has said all it
 * will ever say at a site (a warning given once per site) asks here before doing work
 * whose only use is to find that warning again. A reader that sees a stale array only does
 * the work once more; bits are only ever set. Sites are the dense ids of {@code CallSites}.
 */
public final class SiteFlags {

    private volatile long[] bits = new long[4];

    /** Whether {@link #set} was called for {@code site}. */
    public boolean has(int site) {
        long[] b = bits;
        int word = site >>> 6;
        return site >= 0 && word < b.length && (b[word] & 1L << site) != 0;
    }

    /** Marks {@code site}; negative sites are ignored. */
    public synchronized void set(int site) {
        if (site < 0) {
            return;
        }
        int word = site >>> 6;
        long[] b = bits;
        if (word >= b.length) {
            b = java.util.Arrays.copyOf(b, Math.max(word + 1, 2 * b.length));
        } else {
            b = b.clone(); // readers never see a word change under them in a published array
        }
        b[word] |= 1L << site;
        bits = b;
    }
}
