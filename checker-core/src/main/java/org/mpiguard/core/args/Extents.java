package org.mpiguard.core.args;

/** How many base elements a (count, datatype) pair touches, in long arithmetic so nothing overflows. */
public final class Extents {

    private Extents() {
    }

    /**
     * Elements from the buffer's start up to the last one the call touches: the true
     * span of {@code count} items of a type with extent {@code extent}, true lower bound
     * {@code trueLb} and true extent {@code trueExtent} (all in base elements).
     */
    public static long span(int count, int extent, int trueLb, int trueExtent) {
        if (count <= 0) {
            return 0;
        }
        return (long) (count - 1) * extent + trueLb + trueExtent;
    }

    /** Span of an item placed at {@code displacement} items into the buffer. */
    public static long spanAt(int displacement, int count, int extent, int trueLb, int trueExtent) {
        if (count <= 0) {
            return 0;
        }
        return (long) displacement * extent + span(count, extent, trueLb, trueExtent);
    }
}
