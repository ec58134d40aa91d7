package org.mpiguard.core.trace;

/** The {@code op} of RMA events. */
public enum RmaOp {
    PUT(true, false), GET(false, true), ACCUMULATE(true, false), GET_ACCUMULATE(true, true),
    FETCH_AND_OP(true, true), COMPARE_AND_SWAP(true, true),
    RPUT(true, false), RGET(false, true), RACCUMULATE(true, false), RGET_ACCUMULATE(true, true);

    private static final RmaOp[] VALUES = values();
    private final boolean writesTarget;
    private final boolean readsTarget;

    RmaOp(boolean writesTarget, boolean readsTarget) {
        this.writesTarget = writesTarget;
        this.readsTarget = readsTarget;
    }

    public boolean writesTarget() {
        return writesTarget;
    }

    public boolean readsTarget() {
        return readsTarget;
    }

    public static RmaOp of(long code) {
        return code >= 0 && code < VALUES.length ? VALUES[(int) code] : null;
    }
}
