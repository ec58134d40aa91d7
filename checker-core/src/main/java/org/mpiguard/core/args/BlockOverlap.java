package org.mpiguard.core.args;

import java.util.Arrays;

/**
 * Receive blocks of a v- or w-collective that share memory. The standard forbids a
 * location of the receive buffer to be written by two blocks (MPI-3.1 5.5, 5.7, 5.8:
 * "the specification of counts, types, and displacements should not cause any
 * location on the root to be written more than once"); overlapping send blocks are
 * fine, and so are gaps and empty blocks. Blocks are half-open ranges
 * [start, start + length) in one unit (items of a dense datatype, or bytes for
 * allToAllw); empty ones never overlap. The common case, starts that never go down,
 * is one pass with no allocation; other orders are sorted once.
 */
public final class BlockOverlap {

    /** No two blocks overlap. */
    public static final long NONE = -1;

    private BlockOverlap() {
    }

    /** Block i of a v-collective: {@code counts[i]} items at item {@code displs[i]}. */
    public static long firstOverlap(int[] counts, int[] displs, int size) {
        return firstOverlap(counts, displs, size, null);
    }

    /**
     * As above with blocks of {@code counts[i] * itemBytes[i]} bytes at byte
     * {@code displs[i]} (allToAllw), or of items when {@code itemBytes} is null.
     * Returns the pair as {@code (long) i << 32 | j}, i below j, or {@link #NONE}.
     */
    public static long firstOverlap(int[] counts, int[] displs, int size, long[] itemBytes) {
        long maxEnd = Long.MIN_VALUE;
        int maxAt = -1;
        long lastStart = Long.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            long length = length(counts, itemBytes, i);
            if (length <= 0) {
                continue;
            }
            long start = displs[i];
            if (start < lastStart) {
                return sorted(counts, displs, size, itemBytes);
            }
            if (start < maxEnd) {
                return pair(maxAt, i);
            }
            lastStart = start;
            maxEnd = start + length;
            maxAt = i;
        }
        return NONE;
    }

    public static int first(long pair) {
        return (int) (pair >>> 32);
    }

    public static int second(long pair) {
        return (int) pair;
    }

    private static long sorted(int[] counts, int[] displs, int size, long[] itemBytes) {
        long[] keys = new long[size];
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (length(counts, itemBytes, i) > 0) {
                keys[n++] = ((long) displs[i] << 32) | i; // displacements are not negative here: the checks before refuse them
            }
        }
        Arrays.sort(keys, 0, n);
        long maxEnd = Long.MIN_VALUE;
        int maxAt = -1;
        for (int k = 0; k < n; k++) {
            int i = (int) keys[k];
            long start = displs[i];
            if (start < maxEnd) {
                return pair(maxAt, i);
            }
            long end = start + length(counts, itemBytes, i);
            if (end > maxEnd) {
                maxEnd = end;
                maxAt = i;
            }
        }
        return NONE;
    }

    private static long length(int[] counts, long[] itemBytes, int i) {
        return itemBytes == null ? counts[i] : counts[i] * itemBytes[i];
    }

    private static long pair(int a, int b) {
        return ((long) Math.min(a, b) << 32) | Math.max(a, b);
    }
}
