package org.mpiguard.core.buffers;

/**
 * What a pending MPI operation does with a range of the program's memory, and so which
 * of the program's own accesses to it are wrong before the operation completes: where
 * MPI reads (a send, a put's origin) only a store is; where MPI writes (a receive, a
 * get's result) a load is as wrong as a store (MPI-3 allows reading a pending send's
 * buffer; Table I of MC-Checker for the one-sided rows).
 */
public enum BufferRole {
    SEND(false, false, "the send buffer of"),
    RECEIVE(true, false, "the receive buffer of"),
    COLLECTIVE_SEND(false, false, "the send buffer of"),
    COLLECTIVE_RECEIVE(true, false, "the receive buffer of"),
    ORIGIN(false, true, "the origin buffer of"),
    RESULT(true, true, "the result buffer of"),
    /** This rank's own window memory that its own epoch reads (a get from itself). */
    OWN_WINDOW_READ(false, true, "this rank's window memory, read by"),
    /** This rank's own window memory that its own epoch writes (a put or accumulate to itself). */
    OWN_WINDOW_WRITE(true, true, "this rank's window memory, written by");

    private final boolean mpiWrites;
    private final boolean oneSided;
    private final String description;

    BufferRole(boolean mpiWrites, boolean oneSided, String description) {
        this.mpiWrites = mpiWrites;
        this.oneSided = oneSided;
        this.description = description;
    }

    /** Whether MPI may write this memory until completion: then even a load by the program is wrong. */
    public boolean mpiWrites() {
        return mpiWrites;
    }

    /** One-sided roles are reported as rma-conflict, the others as buffer-conflict. */
    public boolean oneSided() {
        return oneSided;
    }

    /** For messages: "the receive buffer of" Comm.iRecv at X.java:12. */
    public String description() {
        return description;
    }

    /** Whether the program's access (a store if {@code write}) conflicts with MPI's use in this role. */
    public boolean conflictsWith(boolean write) {
        return write || mpiWrites;
    }

    /**
     * Whether two pending operations may not share this rank's memory: one of them writes
     * it. Two operations landing on the rank's own window are target-side accesses, which
     * the cross-process check judges (same-origin puts to one location are not erroneous).
     */
    public boolean conflictsWith(BufferRole other) {
        if (ownWindow() && other.ownWindow()) {
            return false;
        }
        return mpiWrites || other.mpiWrites;
    }

    /**
     * Whether a store by the program into this memory is judged when the operation
     * completes rather than at the store: MPI writes the program's own private buffer (a
     * receive, a get's or atomic's result), so after completion it holds either the value
     * stored or MPI's, and only a stored value MPI then overwrote with a different one gave
     * a result the program did not ask for. Window memory is not: other ranks see it.
     */
    public boolean storeJudgedAtCompletion() {
        return this == RECEIVE || this == COLLECTIVE_RECEIVE || this == RESULT;
    }

    private boolean ownWindow() {
        return this == OWN_WINDOW_READ || this == OWN_WINDOW_WRITE;
    }
}
