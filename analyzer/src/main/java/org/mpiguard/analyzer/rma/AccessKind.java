package org.mpiguard.analyzer.rma;

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

    static AccessKind of(RmaOp op) {
        return switch (op) {
            case GET, RGET -> GET;
            case PUT, RPUT -> PUT;
            default -> ACCUMULATE;
        };
    }
}
