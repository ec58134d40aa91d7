package org.mpiguard.analyzer.rma;

import org.mpiguard.core.trace.AccumulateOp;
import org.mpiguard.core.trace.RmaOp;

/** What an access does to the target's window memory, in the terms of the seed's Table I. */
enum AccessKind {
    /** A remote get: reads the target's memory. */
    GET("reads"),
    /** A remote put: writes the target's memory, not atomically. */
    PUT("writes"),
    /**
     * A remote accumulate of any flavour (accumulate, getAccumulate, fetchAndOp,
     * compareAndSwap): an atomic read-modify-write, atomic only against accumulates with the
     * same operation and basic datatype.
     */
    ACCUMULATE("updates"),
    /**
     * An accumulate with {@code MPI.NO_OP} (getAccumulate, fetchAndOp): an atomic read,
     * atomic against accumulates of any operation on the same basic datatype (MPI's default
     * {@code same_op_no_op}).
     */
    ATOMIC_READ("reads (atomically)"),
    /** The target's own load of its window memory. */
    LOAD("loads"),
    /** The target's own store into its window memory. */
    STORE("stores into");

    private final String verb;

    AccessKind(String verb) {
        this.verb = verb;
    }

    String verb() {
        return verb;
    }

    boolean writes() {
        return this == PUT || this == ACCUMULATE || this == STORE;
    }

    boolean local() {
        return this == LOAD || this == STORE;
    }

    /** Accumulates with {@link #ACCUMULATE} or {@link #ATOMIC_READ} (the two atomic kinds). */
    boolean atomic() {
        return this == ACCUMULATE || this == ATOMIC_READ;
    }

    static AccessKind of(RmaOp op, AccumulateOp opKind) {
        return switch (op) {
            case GET, RGET -> GET;
            case PUT, RPUT -> PUT;
            default -> opKind == AccumulateOp.NO_OP ? ATOMIC_READ : ACCUMULATE;
        };
    }
}
