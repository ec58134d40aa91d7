package org.mpiguard.core.trace;

/**
 * The {@code opKind} of RMA events: what an accumulate's operation does to the target,
 * which MPI's atomicity rules single out. Under the default {@code accumulate_ops =
 * same_op_no_op}, concurrent accumulates are atomic with each other when they use the same
 * operation, or {@code MPI.NO_OP} (an atomic read); {@code MPI.REPLACE} writes the origin's
 * bytes as a put would. Codes are ordinals: append, never reorder.
 */
public enum AccumulateOp {
    /** A trace written before this field existed, or an operation that is not an accumulate. */
    NOT_RECORDED,
    /** A combining operation: a predefined one (SUM, MAX, ...) or the program's own. */
    COMBINE,
    /** {@code MPI.REPLACE}: the target's bytes become the origin's. */
    REPLACE,
    /** {@code MPI.NO_OP}: the target is only read. */
    NO_OP;

    private static final AccumulateOp[] VALUES = values();

    public static AccumulateOp of(long code) {
        return code >= 0 && code < VALUES.length ? VALUES[(int) code] : NOT_RECORDED;
    }
}
