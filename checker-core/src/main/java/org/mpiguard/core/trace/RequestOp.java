package org.mpiguard.core.trace;

/**
 * The {@code op} of REQUEST events. A nonblocking call's request is created by its SEND,
 * RECV, COLLECTIVE or RMA event (the {@code request} field); these are the rest of a
 * request's life.
 */
public enum RequestOp {
    /** {@code sendInit}/{@code recvInit} and friends made an inactive persistent request. */
    CREATE_PERSISTENT, START, FREE, CANCEL;

    private static final RequestOp[] VALUES = values();

    public static RequestOp of(long code) {
        return code >= 0 && code < VALUES.length ? VALUES[(int) code] : null;
    }
}
