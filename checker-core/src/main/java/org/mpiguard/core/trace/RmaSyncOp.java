package org.mpiguard.core.trace;

/** The {@code op} of RMA_SYNC events, and the kind of epoch each opens, closes or flushes. */
public enum RmaSyncOp {
    FENCE(Epoch.FENCE), POST(Epoch.EXPOSURE), START(Epoch.ACCESS), COMPLETE(Epoch.ACCESS), WAIT(Epoch.EXPOSURE),
    TEST(Epoch.EXPOSURE), LOCK(Epoch.LOCK), UNLOCK(Epoch.LOCK), LOCK_ALL(Epoch.LOCK_ALL),
    UNLOCK_ALL(Epoch.LOCK_ALL), FLUSH(Epoch.LOCK), FLUSH_ALL(Epoch.LOCK), FLUSH_LOCAL(Epoch.LOCK),
    FLUSH_LOCAL_ALL(Epoch.LOCK), SYNC(Epoch.LOCK);

    /** The epoch kinds of MPI-3 one-sided communication. */
    public enum Epoch { FENCE, ACCESS, EXPOSURE, LOCK, LOCK_ALL }

    /** {@code lockType} values, as {@code MPI.LOCK_EXCLUSIVE} and {@code MPI.LOCK_SHARED} mean them. */
    public static final int LOCK_EXCLUSIVE = 1;
    public static final int LOCK_SHARED = 2;

    /**
     * {@code assertion} bits the trace analysis judges, as Open MPI's mpi.h defines them (the
     * trace records the program's value as given): a lock's, post's or start's {@code MPI.MODE_NOCHECK}, a fence's
     * {@code MPI.MODE_NOPUT}.
     */
    public static final int MODE_NOCHECK = 1;
    public static final int MODE_NOPUT = 4;

    private static final RmaSyncOp[] VALUES = values();
    private final Epoch epoch;

    RmaSyncOp(Epoch epoch) {
        this.epoch = epoch;
    }

    public Epoch epoch() {
        return epoch;
    }

    public static RmaSyncOp of(long code) {
        return code >= 0 && code < VALUES.length ? VALUES[(int) code] : null;
    }

    /** Whether an RMA_SYNC event (a lock, lockAll, post or start) asserted {@code MPI.MODE_NOCHECK}. */
    public static boolean assertsNoCheck(TraceEvent sync) {
        return (sync.intField(4) & MODE_NOCHECK) != 0;
    }
}
