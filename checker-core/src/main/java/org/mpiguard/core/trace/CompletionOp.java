package org.mpiguard.core.trace;

/** The {@code op} of COMPLETE events: how the program learnt of the completion. */
public enum CompletionOp {
    /** A blocking receive (or sendRecv) returned. */
    BLOCKING, WAIT, TEST, WAIT_ALL, WAIT_ANY, WAIT_SOME, TEST_ALL, TEST_ANY, TEST_SOME, GET_STATUS;

    /** {@code flags} bit: the request was cancelled. */
    public static final int CANCELLED = 1;
    /**
     * {@code flags} bit: the request was not active when waited or tested (already complete,
     * or a null request); the Java bindings then return at once.
     */
    public static final int INACTIVE = 2;

    private static final CompletionOp[] VALUES = values();

    public static CompletionOp of(long code) {
        return code >= 0 && code < VALUES.length ? VALUES[(int) code] : null;
    }
}
