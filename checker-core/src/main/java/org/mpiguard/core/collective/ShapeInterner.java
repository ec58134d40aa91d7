package org.mpiguard.core.collective;

import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

/**
 * The watchdog's table of this rank's call <em>shapes</em>: a collective call without its
 * number (see {@link CollectiveCodec}). A loop calls the same few shapes again and again,
 * so looking one up by its fields (open addressing over primitive arrays) allocates
 * nothing; only a new shape makes an object. Bounded: when full it starts over, which
 * costs the next calls a new object each and never a check.
 */
public final class ShapeInterner {

    private static final int SLOTS = 1 << 12;
    private static final int MASK = SLOTS - 1;
    private static final int MAX_SHAPES = SLOTS / 2;
    private static final int INTS = 8;

    private final int rank;
    private final long[] comms = new long[SLOTS];
    private final int[] ints = new int[SLOTS * INTS];
    private final CollectiveCall[] shapes = new CollectiveCall[SLOTS];
    private int size;

    /** {@code rank}: this rank's world rank, named in every shape. */
    public ShapeInterner(int rank) {
        this.rank = rank;
    }

    /** The one shape object for these fields; seq is 0 in every shape. */
    public CollectiveCall intern(long commId, CollectiveKind kind, boolean nonblocking, int root, int reduceOp,
                                 int count, int typeCode, int typeSize, int siteId) {
        int k = kind.ordinal();
        int nb = nonblocking ? 1 : 0;
        int h = hash(commId, k, nb, root, reduceOp, count, typeCode, typeSize, siteId);
        for (int probe = 0; probe < SLOTS; probe++) {
            int slot = (h + probe) & MASK;
            CollectiveCall shape = shapes[slot];
            if (shape == null) {
                return insert(h, slot, commId, kind, nonblocking, root, reduceOp, count, typeCode, typeSize, siteId);
            }
            int base = slot * INTS;
            if (comms[slot] == commId && ints[base] == k && ints[base + 1] == nb && ints[base + 2] == root
                    && ints[base + 3] == reduceOp && ints[base + 4] == count && ints[base + 5] == typeCode
                    && ints[base + 6] == typeSize && ints[base + 7] == siteId) {
                return shape;
            }
        }
        throw new IllegalStateException("shape table overfull");
    }

    /** Shapes held, for tests and the memory bound. */
    public int size() {
        return size;
    }

    private CollectiveCall insert(int h, int slot, long commId, CollectiveKind kind, boolean nonblocking, int root,
                                  int reduceOp, int count, int typeCode, int typeSize, int siteId) {
        CallSite site = CallSites.get(siteId);
        CollectiveCall shape = new CollectiveCall(commId, 0, kind, nonblocking, root, reduceOp, count, typeCode,
                typeSize, rank, site.op(), site.className(), site.method(), site.file(), site.line());
        if (size >= MAX_SHAPES) {
            java.util.Arrays.fill(shapes, null);
            size = 0;
            slot = h & MASK;
        }
        comms[slot] = commId;
        CollectiveLog.pack(ints, slot * INTS, kind, nonblocking, root, reduceOp, count, typeCode, typeSize, siteId);
        shapes[slot] = shape;
        size++;
        return shape;
    }

    private static int hash(long commId, int kind, int nb, int root, int reduceOp, int count, int typeCode,
                            int typeSize, int siteId) {
        long h = commId * 0x9E3779B97F4A7C15L;
        h = (h ^ kind) * 31 + nb;
        h = h * 31 + root;
        h = h * 31 + reduceOp;
        h = h * 31 + count;
        h = h * 31 + typeCode;
        h = h * 31 + typeSize;
        h = h * 31 + siteId;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        return (int) (h ^ (h >>> 32));
    }
}
