package org.mpiguard.analyzer.rma;

import java.util.Arrays;
import org.mpiguard.core.trace.Signature;

/**
 * One access to a target's window memory while the check holds it: a remote operation of
 * some origin, or the target's own load or store. {@code origin} is the rank that issued
 * it (the target itself for loads and stores); {@code completion} the index of the
 * origin's event after which the access is done at the target (the closing fence,
 * complete, unlock or flush; the access itself for a load or store), or
 * {@link #NEVER}.
 *
 * @param start   first byte in the target's window
 * @param end     one past the last byte
 * @param exact   false when a datatype with holes makes {@code [start, end)} only a span
 * @param layout  the target datatype's signature and count (null when exact), to tell equal layouts
 * @param op      the accumulate's operation code ({@link #CAS} for compareAndSwap, {@link #REPLACE} for
 *                MPI.REPLACE, {@link #NO_OP} for an atomic read), 0 otherwise
 * @param base    the basic datatype code accumulates must share, -1 if mixed or unknown
 * @param guarded its rank made a compare-and-swap or fetch-and-op on this window earlier in the same
 *                passive-target epoch (a lock built from atomics may order it: {@link EpochMode#GUARDED})
 * @param epoch   the epoch's mode byte as {@link RankEpochs} gave it (the {@link EpochMode} ordinal with its
 *                bits): what {@link EpochMode#exclusive(int, int)} needs, a lock's MPI.MODE_NOCHECK included
 */
record Access(int origin, int index, int completion, int target, long win, AccessKind kind, EpochMode mode,
              long start, long end, boolean exact, Layout layout, int op, int base, long valueHash, int site,
              boolean guarded, int epoch) {

    static final int NEVER = Integer.MAX_VALUE;
    /** compareAndSwap is an accumulate with an operation of its own. */
    static final int CAS = Integer.MIN_VALUE;
    /** MPI.REPLACE: an accumulate that writes the origin's bytes, as a put does. */
    static final int REPLACE = Integer.MIN_VALUE + 1;
    /** MPI.NO_OP: an accumulate that only reads. */
    static final int NO_OP = Integer.MIN_VALUE + 2;

    /** A datatype with holes, repeated count times from {@code start}. */
    record Layout(Signature signature, long count) {
        boolean sameAs(Layout other) {
            return other != null && count == other.count && signature.size() == other.signature.size()
                    && signature.extent() == other.signature.extent()
                    && Arrays.equals(signature.codes(), other.signature.codes())
                    && Arrays.equals(signature.reps(), other.signature.reps());
        }
    }

    /** True when the two certainly touch a common byte (spans of holed types only when laid out alike). */
    boolean overlaps(Access other) {
        if (start >= other.end || other.start >= end) {
            return false;
        }
        if (exact && other.exact) {
            return true;
        }
        return start == other.start && layout != null && layout.sameAs(other.layout);
    }

    /** The same access again (a loop): the later one stands for both. */
    boolean repeats(Access older) {
        return origin == older.origin && kind == older.kind && start == older.start && end == older.end
                && op == older.op && base == older.base && mode == older.mode && site == older.site;
    }
}
